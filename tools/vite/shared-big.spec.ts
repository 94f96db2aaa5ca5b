import { parse as acornParse } from 'acorn';
import { consumeSharedBig } from './shared-big';

const parse = (code: string) => acornParse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: unknown[] };

describe('shared big.js', () => {
  const transformBig = (code: string) => (consumeSharedBig(parse).transform as (code: string, id: string) => { code: string } | null).call({}, code, '/repo/libs/domain/src/stock.ts');

  it('turns the default import into a load of the shell’s Big, and refuses any other import', () => {
    expect(transformBig(`import Big from 'big.js';\nexport const one = new Big(1);\n`)?.code).toContain('const { default: Big } = await __stockbookShared_big_js(["default"]);');
    expect(() => transformBig(`import { Big } from 'big.js';\n`)).toThrow(/default export/);
  });
});
