import type { Plugin } from 'vite';

/**
 * `STOCKBOOK_CHUNK_REPORT=1 vite build ...` prints, per JavaScript chunk over 4 KiB, its size and
 * the packages (or source folders) whose code it holds, largest first: where a page's bytes go.
 */
export function chunkReport(): Plugin | null {
  if (process.env.STOCKBOOK_CHUNK_REPORT !== '1') return null;
  const owner = (id: string) => {
    const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
    return pkg ?? id.replace(/^.*?[\\/](apps|libs)[\\/]/, '$1/').split(/[\\/]/).slice(0, 3).join('/');
  };
  return {
    name: 'stockbook-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' && file.code.length > 4096 ? [file] : []));
      for (const chunk of chunks.sort((a, b) => b.code.length - a.code.length)) {
        const byOwner = new Map<string, number>();
        for (const [id, info] of Object.entries(chunk.modules)) byOwner.set(owner(id), (byOwner.get(owner(id)) ?? 0) + info.renderedLength);
        const top = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, size]) => `${name} ${(size / 1024).toFixed(0)}k`);
        console.log(`${(chunk.code.length / 1024).toFixed(0).padStart(5)} KiB ${chunk.fileName}: ${top.join(', ')}`);
      }
    },
  };
}
