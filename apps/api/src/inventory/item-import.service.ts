import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CSV_PAIR_SEPARATOR,
  CSV_PATH_SEPARATOR,
  CSV_TAX_EXEMPT,
  BarcodeSchema,
  MoneySchema,
  SkuSchema,
  UnitSchema,
  splitCell,
  unescapeCellName,
  QuantitySchema,
  type ItemImportExisting,
  type ItemImportOutcome,
  type ItemImportResult,
  type ItemImportRowSchema,
} from '@stockbook/contracts';
import { can, refusalWords } from '@stockbook/domain';
import Big from 'big.js';
import { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';
import { assertCan } from '../auth/assert-can';
import { AppError } from '../common/errors/app-error';
import { BatchesService } from './batches.service';
import { ItemsService } from './items.service';

type Row = z.output<typeof ItemImportRowSchema>;
/** An item or variant imported with an empty Tax cell takes no tax choice of its own: its location's default rate. */
const NO_TAX_CHOICE = { taxRateID: null, taxExempt: false } as const;
type TaxChoice = { readonly taxRateID: string | null; readonly taxExempt: boolean };

/** An item's or variant's codes as stored. */
interface StoredCodes {
  sku: string | null;
  barcode: string | null;
}
interface BatchInput {
  locationID: string;
  supplierID: string | null;
  quantity: string;
  cost: string;
  dateAdded: string | undefined;
}

/** A row that cannot be imported, and every reason why (in words for the per-line report). */
class Refusal extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join(' '));
  }
}
const refuse = (problem: string): never => {
  throw new Refusal([problem]);
};

/** Thrown out of a dry run's transaction so it rolls back, carrying what the rows did. */
class DryRunDone extends Error {
  constructor(readonly results: ItemImportResult[]) {
    super('dry run');
  }
}

export interface ImportOptions {
  /** Run the import in a transaction that is always rolled back: the answer says what it will do. */
  readonly dryRun: boolean;
  /** What a batch row already present does: skipped, or added again. */
  readonly existing: ItemImportExisting;
}

const key = (text: string) => text.trim().toLowerCase();
/** A list cell's entries, escapes kept (see csv-cell.ts in the contracts). */
const list = (cell: string) => splitCell(cell, ';').filter(Boolean);
/** How a category path is looked up: its names, unescaped, folded, joined by a character no name holds. */
const pathKey = (names: readonly string[]) => key(names.join('\u0000'));

/** Names of the business's catalogue, read once per call: what the file's cells are matched against. */
interface Names {
  categories: Map<string, string[]>;
  locations: Map<string, { id: string; name: string }>;
  suppliers: Map<string, string>;
  /** Tax rate names (key()) to ids. */
  taxRates: Map<string, string>;
  values: Map<string, Map<string, string>>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * CSV import of items with their batches (ITEM_CSV_COLUMNS): each row is matched by names to the
 * business's categories, attributes, locations and suppliers, creates the item or variant it
 * names when there is none, and adds its batch, through the same service calls as the screens
 * (activity entries, permission checks). One transaction per call, a savepoint per row: a
 * refused row changes nothing, and the rows around it still land. A batch already there (same
 * location, supplier, quantity left, cost and day) is skipped unless `existing` is 'add', so a
 * file Export CSV wrote imports again without doubling the stock. A dry run is the same import,
 * rolled back at the end: what it answers is what the import will do.
 */
@Injectable()
export class ItemImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly items: ItemsService,
    private readonly batches: BatchesService,
  ) {}

  async import(auth: AuthContext, rows: readonly Row[], options: ImportOptions): Promise<ItemImportResult[]> {
    try {
      return await this.dataSource.transaction(async (outer) => {
        const names = await this.names(outer, auth.businessId);
        const results: ItemImportResult[] = [];
        for (const row of rows) results.push(await this.importOne(auth, names, row, options, outer));
        // Activity entries, live events (NOTIFY) and every row go with the rollback.
        if (options.dryRun) throw new DryRunDone(results);
        return results;
      });
    } catch (error) {
      if (error instanceof DryRunDone) return error.results;
      throw error;
    }
  }

  /** One row in a savepoint of `outer`: what it did, or every reason it was refused. */
  private async importOne(auth: AuthContext, names: Names, row: Row, options: ImportOptions, outer: EntityManager): Promise<ItemImportResult> {
    try {
      const done = await outer.transaction((manager) => this.importRow(auth, names, row, options, manager));
      const status = done.outcome === 'already present' ? 'skipped' : 'imported';
      return { line: row.line, status, outcome: done.outcome, message: done.message, problems: [], itemID: done.itemID };
    } catch (error) {
      if (!(error instanceof Refusal) && !(error instanceof AppError)) throw error;
      const problems =
        error instanceof Refusal ? [...error.problems] : [error.fieldErrors ? Object.values(error.fieldErrors).flat().join(' ') || error.message : error.message];
      return { line: row.line, status: 'refused', outcome: 'refused', message: `Line ${row.line}: ${problems.join(' ')}`, problems, itemID: null };
    }
  }

  private async importRow(
    auth: AuthContext,
    names: Names,
    row: Row,
    options: ImportOptions,
    manager: EntityManager,
  ): Promise<{ outcome: Exclude<ItemImportOutcome, 'refused'>; message: string; itemID: string }> {
    // First every check, collecting each problem of the row; nothing is written unless there are none.
    const problems: string[] = [];
    const check = <T>(work: () => T): T | undefined => {
      try {
        return work();
      } catch (error) {
        if (error instanceof Refusal) problems.push(...error.problems);
        else if (error instanceof AppError) problems.push(error.message);
        else throw error;
        return undefined;
      }
    };
    if (!row.itemName) problems.push('Item name is empty.');
    const categories = list(row.categories).map((cell) => check(() => this.category(names, cell)));
    const pairs = list(row.variant);
    const values = pairs.map((pair) => check(() => this.value(names, pair)));
    const reorderLevel = row.reorderLevel ? check(() => parse(QuantitySchema('Reorder level'), row.reorderLevel)) : null;
    const givenPrice = row.price ? check(() => parse(MoneySchema('Price'), row.price)) : null;
    // The item's (or the variant's) codes and the item's unit, used when the row creates it.
    const codes = { sku: check(() => parse(SkuSchema, row.sku)) ?? null, barcode: check(() => parse(BarcodeSchema, row.barcode)) ?? null };
    const unit = check(() => parse(UnitSchema, row.unit)) ?? null;
    const tax = check(() => this.taxChoice(names, row.tax)) ?? NO_TAX_CHOICE;
    const batch = this.batch(names, row, problems);
    if (batch) check(() => assertCan(auth.user, 'create:batch', { id: batch.input.locationID, name: batch.locationName }));

    const found = row.itemName
      ? ((await manager.query(
          `SELECT id, simple_item, price, sku, barcode, unit FROM items
            WHERE business_id = $1 AND parent_id IS NULL AND deleted_at IS NULL AND lower(item_name) = lower($2)`,
          [auth.businessId, row.itemName],
        )) as ({ id: string; simple_item: boolean; price: string; unit: string | null } & StoredCodes)[])
      : [];
    if (found.length > 1) problems.push(`More than one item is named "${row.itemName}"; rename one first.`);
    const existing = found.length === 1 ? found[0] : undefined;
    const label = pairs.length ? `${row.itemName} (${row.variant})` : row.itemName;
    const resolved = values.every((value) => value !== undefined);
    const combination = [...values].sort().join(',');
    // A new item or variant needs its price (a price that is no number is already a problem) and create:item.
    const creating = () => {
      if (givenPrice === null) problems.push(`Price is needed to create ${label}.`);
      check(() => this.needs(auth, 'create:item'));
    };

    let variant: ({ id: string; price: string } & StoredCodes) | undefined;
    if (row.itemName && found.length <= 1) {
      if (pairs.length === 0) {
        if (existing && !existing.simple_item) problems.push(`${row.itemName} is an item with variants: say which in the Variant column.`);
        if (!existing) creating();
      } else if (existing?.simple_item) {
        problems.push(`${row.itemName} is a simple item: leave the Variant column empty.`);
      } else if (!existing) {
        creating();
      } else if (resolved) {
        const variants = (await manager.query(
          `SELECT v.id, v.price, v.sku, v.barcode, string_agg(iav.attribute_value_id::text, ',' ORDER BY iav.attribute_value_id::text) AS combination
             FROM items v LEFT JOIN item_attribute_values iav ON iav.item_id = v.id
            WHERE v.parent_id = $1 AND v.deleted_at IS NULL GROUP BY v.id`,
          [existing.id],
        )) as ({ id: string; price: string; combination: string | null } & StoredCodes)[];
        variant = variants.find((candidate) => candidate.combination === combination);
        if (!variant) creating();
      }
    }
    if (problems.length) throw new Refusal(problems);

    // Then the writes: every cell is known good here.
    const price = givenPrice!;
    const categoryIds = categories as string[];
    const valueIds = values as string[];
    const say = (past: string, future: string) => (options.dryRun ? future : past);
    const done: string[] = [];
    // What the row says of an item that is already there is not applied: say so, never silently.
    const unitLeftAsItWas = (stored: { unit: string | null }) => {
      if (unit && unit !== stored.unit) done.push(say(`unit left ${stored.unit ? `at ${stored.unit}` : 'empty'}, as it was`, `unit will stay ${stored.unit ? `at ${stored.unit}` : 'empty'}, as it is`));
    };
    const leftAsItWas = (stored: { price: string } & StoredCodes) => {
      if (givenPrice && !new Big(givenPrice).eq(stored.price)) {
        const shown = new Big(stored.price).toString();
        done.push(say(`price left at ${shown}, as it was`, `price will stay at ${shown}, as it is`));
      }
      for (const [field, label] of [['sku', 'SKU'], ['barcode', 'barcode']] as const) {
        const given = codes[field];
        if (given && given.toLowerCase() !== stored[field]?.toLowerCase()) {
          const shown = stored[field] ? `at ${stored[field]}` : 'empty';
          done.push(say(`${label} left ${shown}, as it was`, `${label} will stay ${shown}, as it is`));
        }
      }
      if (categoryIds.length) done.push(say('categories left as they were', 'categories will stay as they are'));
      if (reorderLevel) done.push(say('reorder level left as it was', 'reorder level will stay as it is'));
    };

    // The simple item or variant the batch goes on: found, or created.
    let outcome: Exclude<ItemImportOutcome, 'refused'> = 'new batch';
    let stockId: string;
    let itemId: string;
    if (pairs.length === 0) {
      if (existing) {
        leftAsItWas(existing);
        unitLeftAsItWas(existing);
        stockId = itemId = existing.id;
      } else {
        const created = await this.items.addSimple(
          auth,
          { itemName: row.itemName, categories: categoryIds, price, attributes: [], reorderLevel: reorderLevel ?? null, ...codes, unit, ...tax },
          manager,
        );
        stockId = itemId = created._id;
        outcome = 'new item';
        done.unshift(say(`Created simple item ${row.itemName}`, `Will create simple item ${row.itemName}`));
      }
    } else if (!existing) {
      const created = await this.items.addVariantItem(
        auth,
        { itemName: row.itemName, categories: categoryIds, unit, sku: null, barcode: null, ...NO_TAX_CHOICE, variants: [{ attributes: valueIds, price, reorderLevel: reorderLevel ?? null, ...codes, ...tax }] },
        manager,
      );
      itemId = created._id;
      stockId = created.subItems[0]!._id;
      outcome = 'new item';
      done.unshift(say(`Created ${label}`, `Will create ${label}`));
    } else if (variant) {
      itemId = existing.id;
      leftAsItWas(variant);
      unitLeftAsItWas(existing);
      stockId = variant.id;
    } else {
      itemId = existing.id;
      if (categoryIds.length) done.push(say('categories left as they were', 'categories will stay as they are'));
      unitLeftAsItWas(existing);
      const updated = await this.items.addVariant(auth, { parentID: existing.id, attributes: valueIds, price, reorderLevel: reorderLevel ?? null, ...codes, ...tax }, manager);
      stockId = updated.subItems.find((sub) => [...sub.attributes.map((value) => value._id)].sort().join(',') === combination)!._id;
      outcome = 'new variant';
      done.unshift(say(`Added variant ${label}`, `Will add variant ${label}`));
    }

    if (batch) {
      const quantity = new Big(batch.input.quantity).toString();
      const present = outcome === 'new batch' && (await this.hasBatch(manager, stockId, batch.input));
      if (present && options.existing === 'skip') {
        outcome = 'already present';
        done.push(say(`${quantity} at ${batch.locationName} is already there; skipped`, `${quantity} at ${batch.locationName} is already there; it will be skipped`));
      } else {
        await this.batches.add(auth, { itemID: stockId, ...batch.input }, manager);
        const again = present ? ' again, beside the same batch already there' : '';
        done.push(say(`added ${quantity} to ${label} at ${batch.locationName}${again}`, `will add ${quantity} to ${label} at ${batch.locationName}${again}`));
      }
    } else if (outcome === 'new batch') {
      outcome = 'already present';
      done.push(`${label} is already there; no batch on this line`);
    }
    const message = done.join('; ');
    return { outcome, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.`, itemID: itemId };
  }

  /**
   * Whether the item or variant has a live batch like this one: at the location, from the
   * supplier, with this quantity left (what export writes), this cost, added on the same day
   * (UTC, as export writes it; a row without a date is added today).
   */
  private async hasBatch(manager: EntityManager, stockId: string, batch: BatchInput): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 FROM batches
        WHERE item_id = $1 AND location_id = $2 AND deleted_at IS NULL AND supplier_id IS NOT DISTINCT FROM $3::uuid
          AND quantity - quantity_sold = $4::numeric AND cost = $5::numeric
          AND (date_added AT TIME ZONE 'UTC')::date = (coalesce($6::timestamptz, now()) AT TIME ZONE 'UTC')::date
        LIMIT 1`,
      [stockId, batch.locationID, batch.supplierID, batch.quantity, batch.cost, batch.dateAdded ?? null],
    )) as unknown[];
    return rows.length > 0;
  }

  private needs(auth: AuthContext, action: 'create:item') {
    if (!can(auth.user, action)) refuse(refusalWords(action));
  }

  /** A Tax cell: a rate's name (any case), Exempt, or empty for the location's default. */
  private taxChoice(names: Names, cell: string): TaxChoice {
    if (!cell) return NO_TAX_CHOICE;
    if (key(cell) === key(CSV_TAX_EXEMPT)) return { taxRateID: null, taxExempt: true };
    const id = names.taxRates.get(key(cell));
    if (!id) return refuse(`No tax rate named "${cell}". Add it under Admin, Tax, or write ${CSV_TAX_EXEMPT} or nothing.`);
    return { taxRateID: id, taxExempt: false };
  }

  private category(names: Names, cell: string): string {
    const ids = names.categories.get(pathKey(splitCell(cell, '>').map(unescapeCellName))) ?? [];
    if (ids.length === 1) return ids[0]!;
    if (ids.length > 1) refuse(`More than one category is named "${cell}": write its path, e.g. "Parent${CSV_PATH_SEPARATOR}${cell}".`);
    return refuse(`No category named "${cell}". Add it first, or fix the name.`);
  }

  private value(names: Names, pair: string): string {
    const parts = splitCell(pair, ':', 2);
    if (parts.length < 2) refuse(`Write each variant value as "Attribute${CSV_PAIR_SEPARATOR}Value", not "${pair}".`);
    const [attribute, value] = parts.map(unescapeCellName) as [string, string];
    const values = names.values.get(key(attribute));
    if (!values) return refuse(`No attribute named "${attribute}". Add it first, or fix the name.`);
    const id = values.get(key(value));
    if (!id) return refuse(`${attribute} has no value "${value}". Add it first, or fix the value.`);
    return id;
  }

  /** The row's batch, null when it has none; undefined when a cell is wrong (each problem added to `problems`). */
  private batch(names: Names, row: Row, problems: string[]): { input: BatchInput; locationName: string } | null | undefined {
    const before = problems.length;
    const check = <T>(work: () => T): T | undefined => {
      try {
        return work();
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        problems.push(...error.problems);
        return undefined;
      }
    };
    if (!row.quantity && !row.cost) {
      if (row.location || row.supplier || row.dateAdded) problems.push('Quantity and Cost are needed for a batch.');
      else return null;
    }
    if (!row.quantity && row.cost) problems.push('Quantity is needed with a cost.');
    if (!row.cost && row.quantity) problems.push('Cost is needed with a quantity.');
    const quantity = row.quantity ? check(() => parse(QuantitySchema('Quantity'), row.quantity)) : undefined;
    if (quantity !== undefined && new Big(quantity).lte(0)) problems.push('Quantity must be more than 0.');
    const cost = row.cost ? check(() => parse(MoneySchema('Cost'), row.cost)) : undefined;
    const location = row.location ? names.locations.get(key(row.location)) : undefined;
    if (!row.location) problems.push('Location is needed for a batch.');
    else if (!location) problems.push(`No location named "${row.location}".`);
    let supplierID: string | null = null;
    if (row.supplier) {
      supplierID = names.suppliers.get(key(row.supplier)) ?? null;
      if (!supplierID) problems.push(`No supplier named "${row.supplier}".`);
    }
    let dateAdded: string | undefined;
    if (row.dateAdded) {
      dateAdded = dateOf(row.dateAdded) ?? undefined;
      if (!dateAdded) problems.push(`Date added "${row.dateAdded}" is not a date: write it as YYYY-MM-DD.`);
    }
    if (problems.length > before || quantity === undefined || cost === undefined || !location) return undefined;
    return { input: { locationID: location.id, supplierID, quantity, cost, dateAdded }, locationName: location.name };
  }

  private async names(manager: EntityManager, businessId: string): Promise<Names> {
    const categories = (await manager.query(`SELECT id, name, parent_category_id FROM categories WHERE business_id = $1`, [businessId])) as {
      id: string;
      name: string;
      parent_category_id: string | null;
    }[];
    const byId = new Map(categories.map((category) => [category.id, category]));
    const pathOf = (id: string, depth = 0): string[] => {
      const category = byId.get(id)!;
      const parent = category.parent_category_id && depth < 50 ? byId.get(category.parent_category_id) : undefined;
      return parent ? [...pathOf(parent.id, depth + 1), category.name] : [category.name];
    };
    const categoryNames = new Map<string, string[]>();
    const add = (path: string[], id: string) => categoryNames.set(pathKey(path), [...new Set([...(categoryNames.get(pathKey(path)) ?? []), id])]);
    for (const category of categories) {
      add([category.name], category.id);
      add(pathOf(category.id), category.id);
    }
    const locations = (await manager.query(`SELECT id, name FROM locations WHERE business_id = $1`, [businessId])) as { id: string; name: string }[];
    const suppliers = (await manager.query(`SELECT id, name FROM suppliers WHERE business_id = $1 AND deleted_at IS NULL`, [businessId])) as {
      id: string;
      name: string;
    }[];
    const taxRates = (await manager.query(`SELECT id, name FROM tax_rates WHERE business_id = $1`, [businessId])) as { id: string; name: string }[];
    const values = (await manager.query(
      `SELECT a.name AS attribute, v.value, v.id FROM attributes a JOIN attribute_values v ON v.attribute_id = a.id WHERE a.business_id = $1`,
      [businessId],
    )) as { attribute: string; value: string; id: string }[];
    const valueNames = new Map<string, Map<string, string>>();
    for (const row of values) valueNames.set(key(row.attribute), (valueNames.get(key(row.attribute)) ?? new Map()).set(key(row.value), row.id));
    return {
      categories: categoryNames,
      locations: new Map(locations.map((location) => [key(location.name), location])),
      suppliers: new Map(suppliers.map((supplier) => [key(supplier.name), supplier.id])),
      taxRates: new Map(taxRates.map((rate) => [key(rate.name), rate.id])),
      values: valueNames,
    };
  }
}

const DATE_TIME = z.iso.datetime({ offset: true });

/** `YYYY-MM-DD` (a real day: no 30 February) or an ISO date-time, as an ISO string; null otherwise. */
function dateOf(cell: string): string | null {
  if (DATE.test(cell)) {
    const date = new Date(`${cell}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === cell ? date.toISOString() : null;
  }
  return DATE_TIME.safeParse(cell).success ? new Date(cell).toISOString() : null;
}

/** A cell checked with its contract rule (an optional one, SKU, Barcode or Unit, is null when empty); the rule's message when it fails. */
function parse<T extends string | null>(schema: z.ZodType<T, unknown>, cell: string): T {
  const result = schema.safeParse(cell);
  if (!result.success) return refuse(result.error.issues[0]?.message ?? 'This cell is not valid.');
  return result.data;
}
