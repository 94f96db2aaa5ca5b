import { parse as acornParse } from 'acorn';
import { z } from 'zod';
import { consumeSharedZod, SHARED_ZOD_MEMBERS, zodMembersUsed } from './shared-zod';

const parse = (code: string) => acornParse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: unknown[] };

/** Runs the remote build's transform on one module, as Vite would. */
function transform(code: string, id = '/repo/libs/contracts/src/a.contract.ts') {
  const plugin = consumeSharedZod(parse);
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({}, code, id);
}

describe('shared zod (a remote build takes z from the shell)', () => {
  it('reads which members of z a module uses, under any local name', () => {
    const used = zodMembersUsed(parse(`import { z as zz } from 'zod';\nexport const A = zz.object({ a: zz.string().optional(), b: zz.coerce.number() });\nconst o = { z: 1 }; o.z;\n`));
    expect([...used.members].sort()).toEqual(['coerce', 'object', 'string']);
    expect(used.otherUses).toBe(0);
    expect(zodMembersUsed(parse(`import { z } from 'zod';\nexport const f = (k) => z[k];\nexport const g = z;\n`)).otherUses).toBe(2);
  });

  it('rewrites the import into a load of the shell’s z and leaves the schema code alone', () => {
    const out = transform(`import { z } from 'zod';\nexport const A = z.strictObject({ name: z.string() });\n`);
    expect(out?.code).toMatch(/^import \{ loadShared as __stockbookShared_zod \} from "virtual:stockbook-shared-zod-consumer";/);
    expect(out?.code).toContain('const { z } = await __stockbookShared_zod(["z"]);');
    expect(out?.code).toContain('export const A = z.strictObject({ name: z.string() });');
    expect(out?.code).not.toMatch(/from 'zod'/);
  });

  it('fails the build for a member the shell does not share, another import from zod, or z used whole', () => {
    expect(() => transform(`import { z } from 'zod';\nexport const A = z.bigint();\n`)).toThrow(/z\.bigint.*SHARED_ZOD_MEMBERS/);
    expect(() => transform(`import { ZodError } from 'zod';\nexport const E = ZodError;\n`)).toThrow(/imports ZodError from zod/);
    expect(() => transform(`import { z } from 'zod';\nexport const all = z;\n`)).toThrow(/other than by reading its members/);
  });

  it('leaves code without zod, and node_modules, alone', () => {
    expect(transform(`export const a = 1;\n`)).toBeNull();
    expect(transform(`import { z } from 'zod';\nz.bigint();\n`, '/repo/node_modules/x/index.js')).toBeNull();
  });

  it('shares only members zod has', () => {
    for (const member of SHARED_ZOD_MEMBERS) expect({ member, type: typeof (z as Record<string, unknown>)[member] }).not.toEqual({ member, type: 'undefined' });
  });
});
