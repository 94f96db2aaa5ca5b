import { z } from 'zod';
import { AMOUNT_DIGITS } from '@stockbook/domain';
import { CategorySchema } from './catalogue.contract';
import { IdListQuerySchema } from './locations.contract';

/**
 * Items, their variants and batches (specification, section 3). Money, costs and quantities
 * travel as decimal strings, never binary floats.
 */

const id = (what: string) => {
  const message = `Choose ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`;
  return z.string({ error: message }).uuid(message);
};
/**
 * The largest quantity, price or cost one field takes. Each is stored in a numeric(16, 3|4) column
 * (up to 999,999,999,999); the bound keeps every single value well inside it and leaves room for
 * what is summed from them later: stock on hand over many batches (numeric(28, 3)), a
 * batch's worth or a sale line (quantity x price, up to 10^18) and invoice totals over many lines.
 */
export const MAX_AMOUNT = 1_000_000_000;
const MAX_AMOUNT_TEXT = MAX_AMOUNT.toLocaleString('en-US');

/** Whether a non-negative decimal string is at most MAX_AMOUNT, compared as text (exactly, no floats). */
function withinMaxAmount(value: string): boolean {
  const [whole = '', fraction = ''] = value.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const max = String(MAX_AMOUNT);
  if (digits.length !== max.length) return digits.length < max.length;
  return digits < max || (digits === max && !/[1-9]/.test(fraction));
}

const decimal = (label: string, scale: number) =>
  z
    .union([z.string().max(40, `${label} must be a number of at least 0 with at most ${scale} decimals.`), z.number()], { error: `${label} is required.` })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`), {
          message: `${label} must be a number of at least 0 with at most ${scale} decimals.`,
          abort: true,
        })
        .refine(withinMaxAmount, `${label} must be at most ${MAX_AMOUNT_TEXT}.`),
    );
/** A price or cost: a decimal string of at least 0, at most 4 decimals, at most MAX_AMOUNT. */
export const MoneySchema = (label: string) => decimal(label, 4);
/** An amount of money that moves (an expense, capital, a withdrawal, a transfer's cost): at most the currency's minor unit (AMOUNT_DIGITS). */
export const AmountSchema = (label: string) => decimal(label, AMOUNT_DIGITS);
/** A quantity: a decimal string of at least 0, at most 3 decimals, at most MAX_AMOUNT. */
export const QuantitySchema = (label: string) => decimal(label, 3);
/** A quantity that must be more than 0 (a batch's): QuantitySchema, and not zero. */
export const PositiveQuantitySchema = (label: string) =>
  QuantitySchema(label).refine((value) => /[1-9]/.test(value), `${label} must be more than 0.`);

/**
 * SKU, barcode and unit of measure. Each is optional and trimmed; an empty one is none (null).
 * A SKU or barcode is unique within a business among live items and variants (a SKU ignoring
 * case; a deleted item frees its codes): the database holds it (`uq_items_live_sku`,
 * `uq_items_live_barcode`), and a taken one answers 409 CONFLICT naming the item holding it (in `fieldErrors.sku` or `.barcode`).
 * The list's search finds an item by its own or a variant's SKU (from its start, ignoring case)
 * or barcode (exactly, as typed or scanned). A variant's unit is its item's.
 */
export const SKU_MAX_LENGTH = 64;
export const BARCODE_MAX_LENGTH = 64;
export const UNIT_MAX_LENGTH = 20;
const optionalText = (label: string, max: number, noSpaces = false) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !noSpaces || !/\s/.test(value), `${label} cannot contain spaces.`)
    .transform((value) => value || null)
    .nullable();
export const SkuSchema = optionalText('SKU', SKU_MAX_LENGTH);
export const BarcodeSchema = optionalText('Barcode', BARCODE_MAX_LENGTH, true);
export const UnitSchema = optionalText('Unit', UNIT_MAX_LENGTH);

/** The years a date the API stores may fall in (what a person can mean, and PostgreSQL can hold). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
/** Whether an ISO date or date-time string, as written, names a year from MIN_YEAR to MAX_YEAR. */
export const isYearInRange = (value: string): boolean => {
  const year = Number(/^(\d{4})-/.exec(value)?.[1]);
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
export const yearRangeMessage = (label: string) => `${label} must be in the years ${MIN_YEAR} to ${MAX_YEAR}.`;
/** An ISO date-time with an offset (e.g. 2026-03-01T09:30:00Z), in the years MIN_YEAR to MAX_YEAR. */
export const DateTimeSchema = (label: string) =>
  z.iso
    .datetime({ error: `${label} must be a date and time.`, offset: true, abort: true })
    .refine(isYearInRange, yearRangeMessage(label));

export const ItemAttributeSchema = z.object({
  _id: z.string(),
  value: z.string(),
  attribute: z.object({ _id: z.string(), name: z.string() }),
});
export type ItemAttribute = z.infer<typeof ItemAttributeSchema>;

/**
 * The fields of an answer that tell what stock cost: a batch's `cost`, an item's, variant's or
 * location's `averageCost` and `stockValue` (what remains, at its batches' costs). They are sent only to
 * callers holding `view:cost` (root users and user admins always do); to anyone else they are
 * absent, so each is optional in the answers' schemas. Invoices add `totalCost` and `netResult`
 * (grand total - cost tells the cost), and their lines' and draws' `cost`.
 */
export const COST_FIELDS = ['cost', 'averageCost', 'stockValue', 'totalCost', 'netResult'] as const;
export type CostField = (typeof COST_FIELDS)[number];

export const BatchSchema = z.object({
  _id: z.string(),
  itemID: z.string(),
  supplierID: z.string().nullable(),
  locationID: z.string(),
  quantity: z.string(),
  quantitySold: z.string(),
  /** Absent without `view:cost`. */
  cost: z.string().optional(),
  dateAdded: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type Batch = z.infer<typeof BatchSchema>;

/**
 * Stock of an item (or variant, or a variant item over its variants) at one location: on hand,
 * average cost and value there. The inventory list filtered by a location shows that location's
 * figures from here (`totalQuantity` etc. on the item are over every location the caller sees).
 * `averageCost` and `stockValue` are absent without `view:cost`.
 */
export const LocationDataSchema = z.object({
  locationID: z.string(),
  totalQuantity: z.string(),
  averageCost: z.string().optional(),
  /** What remains there, at its batches' costs: the sum of (quantity − sold) × cost, 4 decimals. */
  stockValue: z.string().optional(),
});
export type LocationData = z.infer<typeof LocationDataSchema>;

const itemFields = {
  _id: z.string(),
  itemName: z.string(),
  /** A variant's own name: its attribute values joined, e.g. "Large / Red". */
  variantName: z.string().nullable(),
  simpleItem: z.boolean(),
  /** Unique within the business among live items and variants; null when none. */
  sku: z.string().nullable(),
  /** Unique within the business among live items and variants; null when none. */
  barcode: z.string().nullable(),
  /** Unit of measure ("pcs", "kg"); a variant shows its item's. Null when none. */
  unit: z.string().nullable(),
  category: z.array(CategorySchema),
  price: z.string(),
  /**
   * Its own tax choice: a rate (taxRateID), exempt (taxExempt), or neither: a variant then takes
   * its item's, an item its selling location's default rate.
   */
  taxRateID: z.string().nullable(),
  taxExempt: z.boolean(),
  reorderLevel: z.string().nullable(),
  /** Stock at or under the reorder level (for a variant parent: any variant's). */
  lowStock: z.boolean(),
  totalQuantity: z.string(),
  /** Absent without `view:cost`. */
  averageCost: z.string().optional(),
  /** What remains, at its batches' costs (4 decimals); absent without `view:cost`. */
  stockValue: z.string().optional(),
  attributes: z.array(ItemAttributeSchema),
  /** Live batches within the caller's locations; a variant parent's are empty (its variants hold them). */
  batches: z.array(BatchSchema),
  /** Over the batches, or for a variant parent over all its variants' batches. */
  locationData: z.array(LocationDataSchema),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
};
export const VariantSchema = z.object(itemFields);
export type Variant = z.infer<typeof VariantSchema>;
export const ItemSchema = z.object({
  ...itemFields,
  /** Live variants in their attributes' value order (by attribute name, then each attribute's value order: S, M, L). */
  subItems: z.array(VariantSchema),
});
export type Item = z.infer<typeof ItemSchema>;
export const ItemResponseSchema = z.object({ item: ItemSchema });
export type ItemResponse = z.infer<typeof ItemResponseSchema>;

/**
 * GET user/inventory/list: search (name, category name with its subcategories, attribute value,
 * SKU from its start, barcode exactly; a variant's value, SKU or barcode finds its item), filters,
 * pagination.
 */
export const ItemListQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Search at most 100 characters.').optional(),
  category: z.string().uuid('Choose a category.').optional(),
  location: z.string().uuid('Choose a location.').optional(),
  supplier: z.string().uuid('Choose a supplier.').optional(),
  lowStock: z.enum(['true', 'false']).optional(),
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').default(1),
  limit: z.coerce.number({ error: 'Limit must be a number.' }).int().min(1, 'Limit must be at least 1.').max(200, 'Limit must be at most 200.').default(50),
  locations: IdListQuerySchema,
});
export interface ItemListQuery {
  search?: string;
  category?: string;
  location?: string;
  supplier?: string;
  lowStock?: 'true' | 'false';
  page?: number;
  limit?: number;
}
export const ItemListResponseSchema = z.object({
  items: z.array(ItemSchema),
  /** Matches counted; when `totalExact` is false there are at least this many (counting all would cost more than the page). */
  total: z.number().int(),
  totalExact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ItemListResponse = z.infer<typeof ItemListResponseSchema>;

const itemName = z.string({ error: 'Item name is required.' }).trim().min(1, 'Item name is required.').max(200, 'Item name must be at most 200 characters.');
const categories = z.array(id('category')).max(20, 'At most 20 categories.');
const attributeValues = z
  .array(id('attribute value'))
  .max(20, 'At most 20 attribute values.')
  .refine((list) => new Set(list).size === list.length, 'Choose each value once.');
const reorderLevel = QuantitySchema('Reorder level').nullable();
const taxRateID = z.string({ error: 'Choose a tax rate.' }).uuid('Choose a tax rate.').nullable();
const taxExempt = z.boolean({ error: 'Say whether it is exempt from tax.' });
/** A rate and exempt together say two things: refused on taxExempt. */
const oneTaxChoice = (input: { taxRateID?: string | null; taxExempt?: boolean }, context: z.RefinementCtx) => {
  if (input.taxExempt && input.taxRateID) context.addIssue({ code: 'custom', path: ['taxExempt'], message: 'Choose a tax rate or exempt, not both.' });
};

/** POST user/inventory/add/simple/item */
export const AddSimpleItemRequestSchema = z.strictObject({
  itemName,
  categories: categories.default([]),
  price: MoneySchema('Price'),
  attributes: attributeValues.default([]),
  reorderLevel: reorderLevel.default(null),
  sku: SkuSchema.default(null),
  barcode: BarcodeSchema.default(null),
  unit: UnitSchema.default(null),
  taxRateID: taxRateID.default(null),
  taxExempt: taxExempt.default(false),
}).superRefine(oneTaxChoice);
export type AddSimpleItemRequest = z.input<typeof AddSimpleItemRequestSchema>;

const variantFields = {
  attributes: attributeValues.refine((list) => list.length > 0, 'Choose at least one attribute value.'),
  price: MoneySchema('Price'),
  reorderLevel: reorderLevel.default(null),
  sku: SkuSchema.default(null),
  barcode: BarcodeSchema.default(null),
  taxRateID: taxRateID.default(null),
  taxExempt: taxExempt.default(false),
};
export const VariantInputSchema = z.strictObject(variantFields).superRefine(oneTaxChoice);

/** Each SKU and barcode given once among a request's variants (the field of the second one is named). */
const distinctCodes = (variants: readonly { sku?: string | null; barcode?: string | null }[], context: z.RefinementCtx) => {
  for (const field of ['sku', 'barcode'] as const) {
    const seen = new Map<string, number>();
    variants.forEach((variant, index) => {
      const code = variant[field];
      if (!code) return;
      const folded = field === 'sku' ? code.toLowerCase() : code;
      const first = seen.get(folded);
      if (first === undefined) seen.set(folded, index);
      else context.addIssue({ code: 'custom', path: ['variants', index, field], message: `Variant ${first + 1} has this ${field === 'sku' ? 'SKU' : 'barcode'} already.` });
    });
  }
};

/** POST user/inventory/variant/item: a parent with its variants, each a combination of values. */
export const AddVariantItemRequestSchema = z.strictObject({
  itemName,
  categories: categories.default([]),
  /** The item's unit of measure; its variants share it. */
  unit: UnitSchema.default(null),
  sku: SkuSchema.default(null),
  barcode: BarcodeSchema.default(null),
  taxRateID: taxRateID.default(null),
  taxExempt: taxExempt.default(false),
  variants: z.array(VariantInputSchema).min(1, 'Add at least one variant.').max(500, 'At most 500 variants.'),
}).superRefine((input, context) => {
  distinctCodes(input.variants, context);
  oneTaxChoice(input, context);
});
export type AddVariantItemRequest = z.input<typeof AddVariantItemRequestSchema>;

/** POST user/inventory/variant: one more variant of a parent. */
export const AddVariantRequestSchema = z.strictObject({ ...variantFields, parentID: id('item') }).superRefine(oneTaxChoice);
export type AddVariantRequest = z.input<typeof AddVariantRequestSchema>;

/** PATCH user/inventory/variant: a variant's price, reorder level or values. */
export const UpdateVariantRequestSchema = z.strictObject({
  _id: id('variant'),
  price: MoneySchema('Price').optional(),
  reorderLevel: reorderLevel.optional(),
  attributes: variantFields.attributes.optional(),
  sku: SkuSchema.optional(),
  barcode: BarcodeSchema.optional(),
  taxRateID: taxRateID.optional(),
  taxExempt: taxExempt.optional(),
}).superRefine(oneTaxChoice);
export type UpdateVariantRequest = z.input<typeof UpdateVariantRequestSchema>;

/** PATCH user/inventory/variant/parent: a variant item's name and categories. */
export const UpdateParentRequestSchema = z.strictObject({
  _id: id('item'),
  itemName: itemName.optional(),
  categories: categories.optional(),
  unit: UnitSchema.optional(),
  sku: SkuSchema.optional(),
  barcode: BarcodeSchema.optional(),
  taxRateID: taxRateID.optional(),
  taxExempt: taxExempt.optional(),
}).superRefine(oneTaxChoice);
export type UpdateParentRequest = z.input<typeof UpdateParentRequestSchema>;

/** PATCH user/inventory/update: a simple item. */
export const UpdateItemRequestSchema = z.strictObject({
  _id: id('item'),
  itemName: itemName.optional(),
  categories: categories.optional(),
  price: MoneySchema('Price').optional(),
  reorderLevel: reorderLevel.optional(),
  sku: SkuSchema.optional(),
  barcode: BarcodeSchema.optional(),
  unit: UnitSchema.optional(),
  taxRateID: taxRateID.optional(),
  taxExempt: taxExempt.optional(),
}).superRefine(oneTaxChoice);
export type UpdateItemRequest = z.input<typeof UpdateItemRequestSchema>;

/** PATCH user/inventory/update/attributes: replaces a simple item's attribute values. */
export const UpdateItemAttributesRequestSchema = z.strictObject({ _id: id('item'), attributes: attributeValues });
export type UpdateItemAttributesRequest = z.infer<typeof UpdateItemAttributesRequestSchema>;

/** POST user/inventory/add/batch: stock of a simple item or a variant at a location. */
export const AddBatchRequestSchema = z.strictObject({
  itemID: id('item'),
  supplierID: id('supplier').nullable().default(null),
  locationID: id('location'),
  quantity: PositiveQuantitySchema('Quantity'),
  cost: MoneySchema('Cost'),
  dateAdded: DateTimeSchema('Date added').optional(),
});
export type AddBatchRequest = z.input<typeof AddBatchRequestSchema>;

/**
 * PATCH user/inventory/update/batch: never below what was sold from it, never 0. Its location
 * cannot change (moving stock is a transfer): `locationID` may be sent only as it is; another
 * location is refused with 400 naming the field.
 */
export const UpdateBatchRequestSchema = z.strictObject({
  _id: id('batch'),
  supplierID: id('supplier').nullable().optional(),
  locationID: id('location').optional(),
  quantity: PositiveQuantitySchema('Quantity').optional(),
  cost: MoneySchema('Cost').optional(),
  dateAdded: DateTimeSchema('Date added').optional(),
});
export type UpdateBatchRequest = z.input<typeof UpdateBatchRequestSchema>;

export { ItemErrorCode } from './error-codes';
