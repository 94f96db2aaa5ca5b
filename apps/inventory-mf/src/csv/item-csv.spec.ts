import { ITEM_CSV_COLUMNS, type Item } from '@stockbook/contracts';
import { importChunks, itemsToCsv, readItemCsv, templateRows, variantCell } from './item-csv';

const batch = (over: Partial<Item['batches'][number]>) => ({
  _id: 'b1',
  itemID: 'i1',
  supplierID: null,
  locationID: 'main',
  quantity: '10.000',
  quantitySold: '0.000',
  cost: '1.5000',
  dateAdded: '2026-11-20T10:00:00.000Z',
  deletedAt: null,
  deletedBy: null,
  ...over,
});
const base = {
  variantName: null,
  sku: null,
  barcode: null,
  unit: null,
  reorderLevel: null,
  taxRateID: null,
  taxExempt: false,
  lowStock: false,
  totalQuantity: '0',
  averageCost: '0',
  attributes: [],
  batches: [],
  locationData: [],
  deletedAt: null,
  deletedBy: null,
  category: [],
};
const tea: Item = {
  ...base,
  _id: 'i1',
  itemName: 'Tea',
  simpleItem: true,
  sku: 'TEA-1',
  barcode: '5012345678900',
  unit: 'box',
  price: '2.5000',
  reorderLevel: '3.000',
  category: [{ _id: 'c2', name: 'Tea', level: 2, parentCategory: 'c1' }],
  batches: [batch({ supplierID: 's1', quantitySold: '4.000' }), batch({ _id: 'b2', locationID: 'branch', quantity: '2', quantitySold: '2' })],
  subItems: [],
};
const size = (value: string) => ({ _id: value, value, attribute: { _id: 'size', name: 'Size' } });
const shirt: Item = {
  ...base,
  _id: 'i2',
  itemName: 'Shirt',
  simpleItem: false,
  unit: 'pcs',
  price: '0',
  subItems: [
    { ...base, _id: 'v1', itemName: 'Shirt', variantName: 'Large', simpleItem: false, sku: 'SH-L', barcode: '400', price: '20.0000', taxRateID: 'vat', attributes: [size('Large')], batches: [batch({ itemID: 'v1' })] },
    { ...base, _id: 'v2', itemName: 'Shirt', variantName: 'Small', simpleItem: false, price: '18.0000', taxExempt: true, attributes: [size('Small')] },
  ],
};
const names = {
  categoryPath: (id: string, name: string) => (id === 'c2' ? 'Drinks > Tea' : name),
  locationName: (id: string) => ({ main: 'Main', branch: 'Branch' })[id] ?? id,
  supplierName: (id: string | null) => (id === 's1' ? 'Leaf Co' : ''),
  taxRateName: (id: string) => (id === 'vat' ? 'VAT' : id),
};

describe('item CSV export', () => {
  it('writes a row per batch with stock left, and a bare row for what has none', () => {
    const rows = itemsToCsv([tea, shirt], names);
    expect(rows[0]).toEqual([...ITEM_CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      // No tax choice of its own: the Tax cell is empty (the location's default).
      ['Tea', '', 'Drinks > Tea', '2.50', '3', 'Main', 'Leaf Co', '6', '1.50', '2026-11-20', 'TEA-1', '5012345678900', 'box', ''],
      // A variant's row: its own SKU, barcode and tax (the rate's name, or Exempt), its item's unit.
      ['Shirt', 'Size: Large', '', '20.00', '', 'Main', '', '10', '1.50', '2026-11-20', 'SH-L', '400', 'pcs', 'VAT'],
      ['Shirt', 'Size: Small', '', '18.00', '', '', '', '', '', '', '', '', 'pcs', 'Exempt'],
    ]);
  });

  it('leaves the Cost cell empty for someone not shown costs', () => {
    const { cost: _cost, ...costless } = batch({});
    const rows = itemsToCsv([{ ...tea, averageCost: undefined, batches: [costless] }], names);
    expect(rows[1]).toEqual(['Tea', '', 'Drinks > Tea', '2.50', '3', 'Main', '', '10', '', '2026-11-20', 'TEA-1', '5012345678900', 'box', '']);
  });

  it('writes variant values as Attribute: Value pairs', () => {
    expect(variantCell([size('Large'), { _id: 'r', value: 'Red', attribute: { _id: 'c', name: 'Colour' } }])).toBe('Size: Large; Colour: Red');
    // Names holding the cell's separators are escaped, so the import reads them back.
    expect(variantCell([{ _id: 'f', value: 'Slim; long', attribute: { _id: 'a', name: 'Fit: cut' } }])).toBe('Fit\\: cut: Slim\\; long');
  });

  it('reads back what it wrote', () => {
    const read = readItemCsv(itemsToCsv([tea], names));
    expect(read.problem).toBeNull();
    expect(read.rows).toEqual([
      {
        line: 2,
        itemName: 'Tea',
        variant: '',
        categories: 'Drinks > Tea',
        price: '2.50',
        reorderLevel: '3',
        location: 'Main',
        supplier: 'Leaf Co',
        quantity: '6',
        cost: '1.50',
        dateAdded: '2026-11-20',
        sku: 'TEA-1',
        barcode: '5012345678900',
        unit: 'box',
        tax: '',
      },
    ]);
    // And a variant's tax by its rate's name, or Exempt.
    expect(readItemCsv(itemsToCsv([shirt], names)).rows.map((row) => row.tax)).toEqual(['VAT', 'Exempt']);
  });
});

describe('item CSV import reading', () => {
  it('finds columns by name in any order and case, skipping blank lines, with file line numbers', () => {
    const read = readItemCsv([
      ['quantity', 'ITEM NAME', ' Price '],
      ['5', 'Milk', '1.20'],
      ['', '', ''],
      ['2', ' Bread ', '3'],
    ]);
    expect(read.rows).toEqual([
      { line: 2, quantity: '5', itemName: 'Milk', price: '1.20' },
      { line: 4, quantity: '2', itemName: 'Bread', price: '3' },
    ]);
    expect(read.warnings).toEqual([]);
  });

  it('says which columns it does not read, and refuses lines longer than the header', () => {
    const read = readItemCsv([
      ['Item name', 'Colour code'],
      ['Milk', 'x', 'extra'],
      ['Bread', 'y'],
    ]);
    expect(read.warnings).toEqual(['These columns are not read: "Colour code".']);
    expect(read.refused).toEqual([
      {
        line: 2,
        status: 'refused',
        outcome: 'refused',
        message: 'Line 2 has more cells than the header has columns.',
        problems: ['It has more cells than the header has columns.'],
        itemID: null,
        creates: [],
      },
    ]);
    expect(read.rows.map((row) => row.itemName)).toEqual(['Bread']);
  });

  it('refuses a file without an Item name column or without rows', () => {
    expect(readItemCsv([['Name', 'Price']]).problem).toMatch(/Item name/);
    expect(readItemCsv([]).problem).toBe('The file is empty.');
    expect(readItemCsv([['Item name'], ['']]).problem).toBe('The file has no rows to import.');
  });
});

describe('import chunks', () => {
  const rows = (...names: string[]) => names.map((itemName, index) => ({ line: index + 2, itemName }));
  const lines = (chunks: { line: number }[][]) => chunks.map((chunk) => chunk.map((row) => row.line));

  it('keeps every row of one item (by name, any case) in one call, at most `size` rows a call', () => {
    // Tea's rows sit at both ends of the file: a dry run of the first call alone would not see the last.
    const file = rows('Tea', 'Milk', 'Bread', 'Jam', ' tea ');
    expect(lines(importChunks(file, 3))).toEqual([[2, 6, 3], [4, 5]]);
    expect(importChunks(file, 3).flat().map((row) => row.line).sort()).toEqual([2, 3, 4, 5, 6]);
  });

  it('splits only an item with more rows than a call takes, over calls one after another', () => {
    expect(lines(importChunks(rows('Milk', 'Tea', 'Tea', 'Tea', 'Tea', 'Tea', 'Jam'), 2))).toEqual([[2], [3, 4], [5, 6], [7, 8]]);
  });

  it('sends a file of unrelated items in full calls', () => {
    expect(importChunks(rows(...Array.from({ length: 250 }, (_, index) => `Item ${index}`))).map((chunk) => chunk.length)).toEqual([100, 100, 50]);
  });
});

describe('the import template (issue 24)', () => {
  it("names the business's own location, category and attribute, and reads back as rows the import takes", () => {
    const rows = templateRows({
      locations: ['Market Hall', 'Warehouse'],
      categoryPaths: ['Toys > Puzzles'],
      attributes: [{ _id: 'a', name: 'Colour', values: [{ _id: 'v', value: 'Red' }] }],
    });
    expect(rows[0]).toEqual([...ITEM_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[5]])).toEqual([
      ['', 'Toys > Puzzles', 'Market Hall'],
      ['Colour: Red', 'Toys > Puzzles', 'Market Hall'],
    ]);
    const read = readItemCsv(rows);
    expect(read.problem).toBeFalsy();
    expect(read.refused).toEqual([]);
    expect(read.rows).toHaveLength(2);
  });

  it('leaves category and variant out for a business that has none, never naming what it does not have', () => {
    const rows = templateRows({ locations: ['Main store'], categoryPaths: [], attributes: [{ _id: 'a', name: 'Size', values: [] }] });
    expect(rows.slice(1).map((row) => [row[1], row[2], row[5]])).toEqual([
      ['', '', 'Main store'],
      ['', '', 'Main store'],
    ]);
  });
});
