import { parse as acornParse } from 'acorn';
import { rewriteSharedImports } from './shared-imports';

const LOADER = 'virtual:stockbook-shared-antd-consumer';
const parse = (code: string) => acornParse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: unknown[] };
const rewrite = (code: string, id: string) => rewriteSharedImports(code, id, 'antd', LOADER, parse);

describe('rewriteSharedImports (a remote build takes antd from the shell)', () => {
  it('turns named antd imports into one awaited load of those names, keeping local names', () => {
    const out = rewrite(`import { Button, Table as T } from "antd";\nimport { useState } from "react";\nexport const x = [Button, T, useState];\n`, 'a.tsx');
    expect(out).toContain('const { Button, Table: T } = await __stockbookShared(["Button","Table"]);');
    expect(out).toContain('import { useState } from "react";');
    expect(out).not.toMatch(/from\s*"antd"/);
    expect(out).toMatch(/^import \{ loadShared as __stockbookShared \} from "virtual:stockbook-shared-antd-consumer";/);
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
