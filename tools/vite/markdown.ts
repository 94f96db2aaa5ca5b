import { marked } from 'marked';
import type { Plugin } from 'vite';

/**
 * `import html from './page.md'` gives the page as HTML, rendered at build time, so the
 * documentation ships as static markup (no markdown parser in the browser).
 * Only for markdown written in this repository: the HTML is not sanitised.
 */
export function markdownAsHtml(): Plugin {
  return {
    name: 'stockbook-markdown-as-html',
    enforce: 'pre',
    async transform(source, id) {
      if (!id.split('?')[0]!.endsWith('.md')) return null;
      const html = await marked.parse(source, { gfm: true });
      return { code: `export default ${JSON.stringify(html)};`, map: null };
    },
  };
}
