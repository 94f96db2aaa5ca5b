import { parse as acornParse } from 'acorn';
import { consumeShared, packageVersion, provideSharedPackages, rewriteSharedImports, sharedExportsId } from './shared-imports';

const LOADER = 'virtual:stockbook-shared-antd-consumer';
const parse = (code: string) => acornParse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: unknown[] };
const rewrite = (code: string, id: string) => rewriteSharedImports(code, id, 'antd', LOADER, parse);

describe('rewriteSharedImports (a remote build takes antd from the shell)', () => {
  it('turns named antd imports into one awaited load of those names, keeping local names', () => {
    const out = rewrite(`import { Button, Table as T } from "antd";\nimport { useState } from "react";\nexport const x = [Button, T, useState];\n`, 'a.tsx');
    expect(out).toContain('const { Button, Table: T } = await __stockbookShared_antd(["Button","Table"]);');
    expect(out).toContain('import { useState } from "react";');
    expect(out).not.toMatch(/from\s*"antd"/);
    expect(out).toMatch(/^import \{ loadShared as __stockbookShared_antd \} from "virtual:stockbook-shared-antd-consumer";/);
  });

  it('drops an antd import left empty by type-only specifiers', () => {
    const out = rewrite(`import {} from "antd";\nexport const y = 1;\n`, 'b.tsx');
    expect(out).not.toContain('antd"');
    expect(out).not.toContain('await');
  });

  it('leaves modules without antd alone and refuses namespace imports', () => {
    expect(rewrite(`import { a } from "antd-mobile";\n`, 'c.ts')).toBeNull();
    expect(() => rewrite(`import * as antd from "antd";\n`, 'd.ts')).toThrow(/named imports/);
  });
});

describe('provideSharedPackages (the shell hands packages to the remotes)', () => {
  const plugin = provideSharedPackages([{ packageName: 'big.js', key: '__KEY__', shared: `import Big from 'big.js';\nconst shared = { default: Big };` }]);
  const resolve = plugin.resolveId as (id: string) => string | null;
  const load = plugin.load as (id: string) => string | null;

  it('lists each package with its installed version and a lazy load of its exports module', () => {
    const list = load(resolve('virtual:stockbook-shared-packages')!)!;
    expect(list).toContain('["__KEY__", { version: "7.');
    expect(list).toContain('import("virtual:stockbook-shared-big.js-exports")');
  });

  it('loads only what the package shares', () => {
    const exports = load(resolve(sharedExportsId('big.js'))!)!;
    expect(exports).toContain("import Big from 'big.js';");
    expect(exports).toContain('export function load(names)');
    expect(resolve('virtual:other')).toBeNull();
  });
});

describe('rewriteSharedImports of a default import (big.js)', () => {
  it('loads the default export under its local name', () => {
    const out = rewriteSharedImports(`import Big from "big.js";\nexport const x = new Big(1);\n`, 'm.ts', 'big.js', 'virtual:c', parse);
    expect(out).toContain('const { default: Big } = await __stockbookShared_big_js(["default"]);');
    expect(out).not.toMatch(/from "big\.js"/);
  });
});

describe('rewriteSharedImports of two shared packages in one module', () => {
  it('declares one loader per package, so antd and big.js can be imported side by side', () => {
    const code = `import Big from "big.js";\nimport { Table } from "antd";\nexport const x = [new Big(1), Table];\n`;
    const once = rewriteSharedImports(code, 'm.ts', 'antd', 'virtual:a', parse)!;
    const twice = rewriteSharedImports(once, 'm.ts', 'big.js', 'virtual:b', parse)!;
    expect(twice).toMatch(/^import \{ loadShared as __stockbookShared_big_js \} from "virtual:b";\nimport \{ loadShared as __stockbookShared_antd \} from "virtual:a";/);
    expect(() => parse(twice)).not.toThrow();
  });
});

describe('consumeShared (a remote checks what the shell provides)', () => {
  it.each(['antd', 'zod', 'big.js'])("asks the shell for %s's installed major version", (packageName) => {
    const plugin = consumeShared({ packageName, key: '__KEY__', parse });
    const id = `virtual:stockbook-shared-${packageName}-consumer`;
    const loader = (plugin.load as (id: string) => string | null)((plugin.resolveId as (id: string) => string | null)(id)!)!;
    const major = packageVersion(packageName).split('.')[0];
    expect(loader).toContain(`needs ${packageName} ^${major}.0.0`);
    expect(loader).toContain(`/^${major}\\./.test(shared.version)`);
  });
});
