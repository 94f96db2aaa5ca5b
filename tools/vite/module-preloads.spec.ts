import { MODULE_PRELOADS_FILE, modulePreloads } from './module-preloads';

/** A chunk of a build as the plugin reads it. */
const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, importedCss: string[] = []) => ({
  type: 'chunk',
  fileName,
  imports,
  facadeModuleId,
  viteMetadata: { importedCss: new Set(importedCss), importedAssets: new Set() },
});

const BUNDLE = Object.fromEntries(
  [
    chunk('assets/app-facade.js', ['assets/app.js'], '/repo/apps/inventory-mf/src/app.tsx'),
    chunk('assets/app.js', ['assets/shared.js']),
    chunk('assets/shared.js', []),
    chunk('assets/items-page.js', ['assets/stock.js', 'assets/shared.js'], '/repo/apps/inventory-mf/src/items/items-page.tsx', ['assets/items-page.css']),
    chunk('assets/stock.js', ['assets/shared.js'], null, ['assets/stock.css']),
    chunk('assets/categories-page.js', ['assets/shared.js'], '/repo/apps/inventory-mf/src/catalogue/categories-page.tsx'),
  ].map((file) => [file.fileName, file]),
);

function written(modules: string[]): Record<string, string[]> {
  const emitted: Array<{ fileName: string; source: string }> = [];
  const generateBundle = modulePreloads(modules).generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  generateBundle.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, BUNDLE);
  expect(emitted.map((file) => file.fileName)).toEqual([MODULE_PRELOADS_FILE]);
  return JSON.parse(emitted[0]!.source);
}

describe('module preloads of a remote', () => {
  it("lists each named module's chunk, its static imports transitively and the styles they import, and no other module's", () => {
    expect(written(['src/app.tsx', 'src/items/items-page.tsx'])).toEqual({
      'src/app.tsx': ['assets/app-facade.js', 'assets/app.js', 'assets/shared.js'],
      'src/items/items-page.tsx': ['assets/items-page.js', 'assets/stock.js', 'assets/shared.js', 'assets/items-page.css', 'assets/stock.css'],
    });
  });

  it('fails the build when a named module is no chunk of its own (no longer loaded lazily, or renamed)', () => {
    expect(() => written(['src/items/items-list.tsx'])).toThrow(/no chunk is the entry of src\/items\/items-list.tsx/);
  });
});
