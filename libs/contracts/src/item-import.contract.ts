import { z } from 'zod';
import { isYearInRange, yearRangeMessage } from './items.contract';

/**
 * CSV import and export of items with their batches. One CSV row is one batch of an item (or
 * of one of its variants), or an item with no stock when Quantity and Cost are empty. The same
 * columns are written by export and read by import, so an exported file imports again: a row
 * whose batch is already there (same item or variant, location, supplier, quantity left, cost and
 * day added) is "already present" and skipped unless the import is asked to add it again.
 *
 * - Item name: the item; rows with the same name (ignoring case) are one item.
 * - Variant: empty for a simple item; else the variant's attribute values as
 *   `Attribute: Value` pairs joined by `; ` (e.g. `Size: Large; Colour: Red`).
 * - Categories: category paths joined by `; `, each path its names from the top joined by ` > `
 *   (e.g. `Clothing > Shirts; Sale`); a unique category name alone also matches.
 * - Price, Reorder level: the item's (or variant's), used when the row creates it.
 * - Location, Supplier: names, as on their screens. Location is required with a batch.
 * - Quantity, Cost, Date added: the batch (Date added: YYYY-MM-DD or an ISO date-time). Quantity
 *   must be more than 0.
 * - SKU, Barcode: the simple item's, or on a variant's row the variant's (optional; used when the
 *   row creates it; unique within the business, so one another item holds refuses the row).
 * - Unit: the item's unit of measure (optional; used when the row creates the item).
 *
 * - Tax: the tax rate's name (as under Admin, Tax), or "Exempt"; empty: the location's default rate
 *   (optional; used when the row creates the item or variant).
 *
 * SKU, Barcode, Unit and Tax come last so files written before they existed read as they did; a
 * file without them imports as before.
 */
export const ITEM_CSV_COLUMNS = [
  'Item name',
  'Variant',
  'Categories',
  'Price',
  'Reorder level',
  'Location',
  'Supplier',
  'Quantity',
  'Cost',
  'Date added',
  'SKU',
  'Barcode',
  'Unit',
  'Tax',
] as const;
export type ItemCsvColumn = (typeof ITEM_CSV_COLUMNS)[number];

/** Separators inside a cell (see ITEM_CSV_COLUMNS). */
export const CSV_LIST_SEPARATOR = '; ';
export const CSV_PATH_SEPARATOR = ' > ';
export const CSV_PAIR_SEPARATOR = ': ';
/** The Tax cell of an item or variant that pays no tax. */
export const CSV_TAX_EXEMPT = 'Exempt';

const cell = z.string().trim().max(1000, 'A cell can hold at most 1000 characters.').default('');

/** One CSV row as read: every cell a string (empty when blank), and its line in the file. */
export const ItemImportRowSchema = z.strictObject({
  line: z.number().int().min(1),
  itemName: cell,
  variant: cell,
  categories: cell,
  price: cell,
  reorderLevel: cell,
  location: cell,
  supplier: cell,
  quantity: cell,
  cost: cell,
  dateAdded: cell,
  sku: cell,
  barcode: cell,
  unit: cell,
  tax: cell,
})
  // A date the database cannot hold (year 0) or nobody means (year 9999) refuses the call here;
  // the importer still refuses a row whose date is no date at all, with its line.
  .refine((row) => !/^\d{4}-/.test(row.dateAdded) || isYearInRange(row.dateAdded), {
    path: ['dateAdded'],
    error: (issue) => `Line ${String((issue.input as { line?: unknown }).line)}: ${yearRangeMessage('Date added')}`,
  });
export type ItemImportRow = z.input<typeof ItemImportRowSchema>;

/** The most rows one import call takes; the screen sends a file in chunks of this size. */
export const ITEM_IMPORT_CHUNK = 100;

/** What rows already present do: skipped (nothing written), or their batches added again. */
export const ITEM_IMPORT_EXISTING = ['skip', 'add'] as const;
export type ItemImportExisting = (typeof ITEM_IMPORT_EXISTING)[number];

/**
 * POST user/inventory/import: rows imported one by one; a refused row changes nothing. A dry run
 * runs the very same import in a transaction that is always rolled back: its answer says what
 * the import will do, and nothing is written.
 */
export const ItemImportRequestSchema = z.strictObject({
  rows: z
    .array(ItemImportRowSchema)
    .min(1, 'The file has no rows to import.')
    .max(ITEM_IMPORT_CHUNK, `Send at most ${ITEM_IMPORT_CHUNK} rows at a time.`),
  dryRun: z.boolean().default(false),
  existing: z.enum(ITEM_IMPORT_EXISTING).default('skip'),
  /**
   * Whether a category, attribute or attribute value the file names and the business has not got
   * yet is created (with the caller's create:category, create:attribute or update:attribute), or
   * refuses its row. The screen offers it ticked; an API client asks for it.
   */
  createMissing: z.boolean().default(false),
});
export type ItemImportRequest = z.input<typeof ItemImportRequestSchema>;

/**
 * What a row does: creates its item (with its batch, if any), adds a variant to an item that is
 * there (with its batch), adds a batch to an item or variant that is there, finds everything it
 * names already present (nothing written), or is refused (nothing written; see `problems`).
 */
export const ITEM_IMPORT_OUTCOMES = ['new item', 'new variant', 'new batch', 'already present', 'refused'] as const;
export type ItemImportOutcome = (typeof ITEM_IMPORT_OUTCOMES)[number];

export const ItemImportResultSchema = z.object({
  line: z.number().int(),
  /** imported: something was written; skipped: already present, nothing written; refused: see problems. */
  status: z.enum(['imported', 'skipped', 'refused']),
  outcome: z.enum(ITEM_IMPORT_OUTCOMES),
  /** What was done ("Created simple item Tea; added 10 to Tea at Main."), or will be in a dry run, or why the row was refused. */
  message: z.string(),
  /** Every problem of a refused row, each a sentence; empty otherwise. */
  problems: z.array(z.string()),
  itemID: z.string().nullable(),
  /** What the row created (or will, in a dry run) beside its item: categories by path, attributes, values as "Size: L". */
  creates: z.array(z.object({ kind: z.enum(['category', 'attribute', 'value']), name: z.string() })).default([]),
});
export type ItemImportResult = z.infer<typeof ItemImportResultSchema>;
export const ItemImportResponseSchema = z.object({ results: z.array(ItemImportResultSchema) });
export type ItemImportResponse = z.infer<typeof ItemImportResponseSchema>;

/** The keys of ItemImportRow in the order of ITEM_CSV_COLUMNS. */
export const ITEM_CSV_FIELDS = [
  'itemName',
  'variant',
  'categories',
  'price',
  'reorderLevel',
  'location',
  'supplier',
  'quantity',
  'cost',
  'dateAdded',
  'sku',
  'barcode',
  'unit',
  'tax',
] as const satisfies readonly (keyof ItemImportRow)[];
