interface ImportNode {
  type: string;
  start: number;
  end: number;
  source: { value: unknown };
  specifiers: Array<{ type: string; imported?: { type: string; name?: string; value?: string }; local: { name: string } }>;
}

/**
 * Rewrites a module's `import { ... } from 'antd'` into one awaited load of those names from
 * `loaderModule` (see ./shared-antd.ts), or returns null when it has none. `parse` gives an
 * ESTree program with start/end offsets (vite's parseAst at build time).
 */
export function rewriteAntdImports(code: string, id: string, loaderModule: string, parse: (code: string) => { body: unknown[] }): string | null {
  if (!/from\s*["']antd["']|import\s*["']antd["']/.test(code)) return null;
  const imports = (parse(code).body as ImportNode[]).filter(
    (node) => node.type === 'ImportDeclaration' && node.source.value === 'antd',
  );
  if (!imports.length) return null;
  let out = '';
  let at = 0;
  for (const node of imports) {
    const pairs = node.specifiers.map((specifier) => {
      if (specifier.type !== 'ImportSpecifier' || !specifier.imported) {
        throw new Error(`${id}: only named imports of antd can be shared (import { Button } from 'antd')`);
      }
      const imported = specifier.imported.name ?? String(specifier.imported.value);
      return [imported, specifier.local.name] as const;
    });
    const names = JSON.stringify([...new Set(pairs.map(([imported]) => imported))]);
    const bindings = pairs.map(([imported, local]) => (imported === local ? local : `${imported}: ${local}`)).join(', ');
    out += code.slice(at, node.start);
    out += pairs.length ? `const { ${bindings} } = await __stockbookSharedAntd(${names});` : '';
    at = node.end;
  }
  out += code.slice(at);
  return `import { loadSharedAntd as __stockbookSharedAntd } from ${JSON.stringify(loaderModule)};\n${out}`;
}

