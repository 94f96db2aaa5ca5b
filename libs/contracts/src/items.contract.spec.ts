import {
  AddBatchRequestSchema,
  AddSimpleItemRequestSchema,
  AddVariantItemRequestSchema,
  DateTimeSchema,
  MoneySchema,
  QuantitySchema,
  UpdateBatchRequestSchema,
  UpdateItemRequestSchema,
} from './items.contract';
import { ItemImportRequestSchema } from './item-import.contract';

describe('amounts and dates a request may carry', () => {
  it('takes quantities and money up to 1,000,000,000 exactly, and refuses more with the bound', () => {
    for (const ok of ['0', '1000000000', '1000000000.000', '0999999999.999', '999999999.5']) expect(QuantitySchema('Quantity').safeParse(ok).success).toBe(true);
    for (const over of ['1000000000.001', '01000000001', '999999999999.999', '9999999999']) {
      expect(QuantitySchema('Quantity').safeParse(over).error?.issues.map((issue) => issue.message)).toEqual(['Quantity must be at most 1,000,000,000.']);
    }
    expect(MoneySchema('Price').safeParse('1000000000.0000').success).toBe(true);
    expect(MoneySchema('Price').safeParse('1000000000.0001').error?.issues[0]?.message).toBe('Price must be at most 1,000,000,000.');
    expect(MoneySchema('Cost').safeParse(1e9 + 1).error?.issues[0]?.message).toBe('Cost must be at most 1,000,000,000.');
    expect(QuantitySchema('Quantity').safeParse('12345678901234').error?.issues.map((issue) => issue.message)).toEqual([
      'Quantity must be a number of at least 0 with at most 3 decimals.',
    ]);
  });

  it('takes dates in the years 1900 to 2100 as written, and refuses others with the range', () => {
    const date = DateTimeSchema('Date added');
    for (const ok of ['1900-01-01T00:00:00Z', '2100-12-31T23:59:59Z', '2026-03-01T09:30:00+05:30']) expect(date.safeParse(ok).success).toBe(true);
    for (const out of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      expect(date.safeParse(out).error?.issues.map((issue) => issue.message)).toEqual(['Date added must be in the years 1900 to 2100.']);
    }
    expect(date.safeParse('soon').error?.issues.map((issue) => issue.message)).toEqual(['Date added must be a date and time.']);
  });

  it('refuses an import row dated outside the range, naming its line; leaves other cells to the importer', () => {
    const result = ItemImportRequestSchema.safeParse({ rows: [{ line: 4, itemName: 'Tea', dateAdded: '0000-01-01' }, { line: 5, itemName: 'Tea', dateAdded: 'soon' }] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['rows.0.dateAdded', 'Line 4: Date added must be in the years 1900 to 2100.']]);
  });
});

describe('SKU, barcode and unit', () => {
  const item = { itemName: 'Tea', price: '2' };
  it('are optional, trimmed, and empty means none', () => {
    expect(AddSimpleItemRequestSchema.parse(item)).toMatchObject({ sku: null, barcode: null, unit: null });
    expect(AddSimpleItemRequestSchema.parse({ ...item, sku: '  TEA-1 ', barcode: ' 5012345678900 ', unit: ' kg ' })).toMatchObject({
      sku: 'TEA-1',
      barcode: '5012345678900',
      unit: 'kg',
    });
    expect(AddSimpleItemRequestSchema.parse({ ...item, sku: '   ', barcode: '', unit: null })).toMatchObject({ sku: null, barcode: null, unit: null });
    // An update leaves out what it does not change, and clears with null or an empty text.
    expect(UpdateItemRequestSchema.parse({ _id: '00000000-0000-4000-8000-000000000001' }).sku).toBeUndefined();
    expect(UpdateItemRequestSchema.parse({ _id: '00000000-0000-4000-8000-000000000001', sku: '' }).sku).toBeNull();
  });

  it('refuse too long values and a barcode with spaces, naming the field', () => {
    const issues = AddSimpleItemRequestSchema.safeParse({ ...item, sku: 'x'.repeat(65), barcode: '501 234', unit: 'u'.repeat(21) }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['sku', 'SKU must be at most 64 characters.'],
      ['barcode', 'Barcode cannot contain spaces.'],
      ['unit', 'Unit must be at most 20 characters.'],
    ]);
  });

  it("refuse one SKU (ignoring case) or barcode twice among a request's variants", () => {
    const variant = (sku: string, barcode: string) => ({ attributes: [crypto.randomUUID()], price: '1', sku, barcode });
    const result = AddVariantItemRequestSchema.safeParse({ itemName: 'Shirt', variants: [variant('SH-S', '1'), variant('sh-s', '2'), variant('SH-L', '1')] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['variants.1.sku', 'Variant 1 has this SKU already.'],
      ['variants.2.barcode', 'Variant 1 has this barcode already.'],
    ]);
  });
});

describe('batch quantities', () => {
  const batch = { itemID: crypto.randomUUID(), locationID: crypto.randomUUID(), cost: '1' };
  it('must be more than 0, on add and on update', () => {
    for (const zero of ['0', '0.000', 0]) {
      expect(AddBatchRequestSchema.safeParse({ ...batch, quantity: zero }).error?.issues[0]?.message).toBe('Quantity must be more than 0.');
      expect(UpdateBatchRequestSchema.safeParse({ _id: crypto.randomUUID(), quantity: zero }).error?.issues[0]?.message).toBe('Quantity must be more than 0.');
    }
    expect(AddBatchRequestSchema.safeParse({ ...batch, quantity: '0.001' }).success).toBe(true);
  });
});
