/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

/** Markdown is rendered to HTML at build time (tools/vite/markdown.ts). */
declare module '*.md' {
  const html: string;
  export default html;
}
