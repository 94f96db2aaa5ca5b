import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as codes from './error-codes';
import { AuthErrorCode } from './auth.contract';
import { BusinessErrorCode } from './business.contract';
import { InventoryErrorCode } from './catalogue.contract';
import { CommonErrorCode, ERROR_CODES, LocationErrorCode } from './error.contract';
import { InvitationErrorCode } from './invitations.contract';
import { SALES_ERROR_CODES } from './invoices.contract';
import { ItemErrorCode } from './items.contract';
import { TaxErrorCode } from './tax.contract';

describe('error codes: one module of constants every contract shares', () => {
  it('builds no schema and loads no contract, so importing a code does not bundle an area (zod or any *.contract)', () => {
    const source = readFileSync(path.join(__dirname, 'error-codes.ts'), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(imports).toEqual(['@stockbook/domain']);
  });

  it("each area's contract answers its codes from it, and the error union holds every one", () => {
    expect([AuthErrorCode, BusinessErrorCode, InventoryErrorCode, CommonErrorCode, LocationErrorCode, InvitationErrorCode, SALES_ERROR_CODES, ItemErrorCode, TaxErrorCode]).toEqual([
      codes.AuthErrorCode, codes.BusinessErrorCode, codes.InventoryErrorCode, codes.CommonErrorCode, codes.LocationErrorCode, codes.InvitationErrorCode,
      codes.SALES_ERROR_CODES, codes.ItemErrorCode, codes.TaxErrorCode,
    ]);
    const every = [codes.AuthErrorCode, codes.BusinessErrorCode, codes.InventoryErrorCode, codes.CommonErrorCode, codes.LocationErrorCode, codes.InvitationErrorCode, codes.ItemErrorCode, codes.TaxErrorCode]
      .flatMap((group) => Object.values(group) as string[])
      .concat(codes.SALES_ERROR_CODES);
    for (const code of every) expect(ERROR_CODES).toContain(code);
  });
});
