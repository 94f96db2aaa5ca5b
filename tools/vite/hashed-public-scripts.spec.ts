import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashedName, hashedPublicScripts } from './hashed-public-scripts';

/** A public/ folder with `files`, and the plugin over it. */
function pluginOver(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hashed-public-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  const plugin = hashedPublicScripts(dir);
  const transform = (html: string) => (plugin.transformIndexHtml as { handler(html: string): string }).handler(html);
  const emitted: Array<{ fileName: string; source: string }> = [];
  const bundle = () => (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
  return { transform, bundle, emitted };
}

describe('hashedPublicScripts (plain scripts of public/ under names that change with them)', () => {
  it("points the page's plain scripts at hashed copies and writes them into the build", () => {
    const { transform, bundle, emitted } = pluginOver({ 'theme-boot.js': 'boot();', 'route-preload.js': 'hint();' });
    const html = transform('<head><script src="/theme-boot.js"></script><script src="/route-preload.js" defer></script><script type="module" src="/src/main.tsx"></script></head>');
    const boot = hashedName('theme-boot.js', 'boot();');
    const preload = hashedName('route-preload.js', 'hint();');
    expect(html).toBe(`<head><script src="/${boot}"></script><script src="/${preload}" defer></script><script type="module" src="/src/main.tsx"></script></head>`);
    bundle();
    expect(emitted).toEqual([
      { type: 'asset', fileName: boot, source: 'boot();' },
      { type: 'asset', fileName: preload, source: 'hint();' },
    ]);
  });

  it('gives a changed script a new name, in the form the API serves as immutable', () => {
    expect(hashedName('theme-boot.js', 'boot();')).toMatch(/^theme-boot-[A-Za-z0-9_-]{8}\.js$/);
    expect(hashedName('theme-boot.js', 'boot(); ')).not.toBe(hashedName('theme-boot.js', 'boot();'));
  });

  it('refuses a page that names a script public/ does not have', () => {
    const { transform } = pluginOver({});
    expect(() => transform('<script src="/missing.js"></script>')).toThrow('the page names /missing.js, which public/ does not have');
  });
});
