import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CSV_TAX_EXEMPT,
  BarcodeSchema,
  MoneySchema,
  SkuSchema,
  UnitSchema,
  splitCell,
  QuantitySchema,
  type ItemImportExisting,
  type ItemImportOutcome,
  type ItemImportResult,
  type ItemImportRowSchema,
} from '@stockbook/contracts';
import { can, listWords, refusalWords } from '@stockbook/domain';
import Big from 'big.js';
import { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';
import { assertCan } from '../auth/assert-can';
import { AppError } from '../common/errors/app-error';
import { AttributesService } from '../catalogue/attributes.service';
import { CategoriesService } from '../catalogue/categories.service';
import { BatchesService } from './batches.service';
import { ImportNames, Refusal, refuse, type CatalogueMaker, type Creation } from './import-names';
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
  /** Whether categories, attributes and values the file names and the business has not got are created (else the row is refused). */
  readonly createMissing: boolean;
}

/** A list cell's entries, escapes kept (see csv-cell.ts in the contracts). */
const list = (cell: string) => splitCell(cell, ';').filter(Boolean);

/** "category Toys, attribute Size and value Size: L" */
function describe(created: readonly Creation[]): string {
  return listWords(created.map((creation) => `${creation.kind} ${creation.name}`));
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
    private readonly categories: CategoriesService,
    private readonly attributes: AttributesService,
  ) {}

  async import(auth: AuthContext, rows: readonly Row[], options: ImportOptions): Promise<ItemImportResult[]> {
    try {
      return await this.dataSource.transaction(async (outer) => {
        const names = await ImportNames.read(outer, auth.businessId);
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
  private async importOne(auth: AuthContext, names: ImportNames, row: Row, options: ImportOptions, outer: EntityManager): Promise<ItemImportResult> {
    const mark = names.mark();
    try {
      const done = await outer.transaction((manager) => this.importRow(auth, names, row, options, manager));
      const status = done.outcome === 'already present' ? 'skipped' : 'imported';
      return { line: row.line, status, outcome: done.outcome, message: done.message, problems: [], itemID: done.itemID, creates: done.creates };
    } catch (error) {
      // The savepoint took back what the row created: so do the names the next rows are matched against.
      names.rollBackTo(mark);
      if (!(error instanceof Refusal) && !(error instanceof AppError)) throw error;
      const problems =
        error instanceof Refusal ? [...error.problems] : [error.fieldErrors ? Object.values(error.fieldErrors).flat().join(' ') || error.message : error.message];
      return { line: row.line, status: 'refused', outcome: 'refused', message: `Line ${row.line}: ${problems.join(' ')}`, problems, itemID: null, creates: [] };
    }
  }

  /** Creates categories, attributes and values through the catalogue's services, as savepoints of the row's transaction. */
  private maker(auth: AuthContext, manager: EntityManager): CatalogueMaker {
    return {
      category: async (name, parentId) => (await this.categories.add(auth, { name, parentCategory: parentId }, manager))._id,
      attribute: async (name, value) => {
        const attribute = await this.attributes.add(auth, { name, values: [value] }, manager);
        return { attributeId: attribute._id, valueId: attribute.values[0]!._id };
      },
      value: async (attributeId, value) => {
        const attribute = await this.attributes.update(auth, { _id: attributeId, addValues: [value] }, manager);
        return attribute.values.find((entry) => entry.value.toLowerCase() === value.toLowerCase())!._id;
      },
    };
  }

  private async importRow(
    auth: AuthContext,
    names: ImportNames,
    row: Row,
    options: ImportOptions,
    manager: EntityManager,
  ): Promise<{ outcome: Exclude<ItemImportOutcome, 'refused'>; message: string; itemID: string; creates: Creation[] }> {
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
    // A category, attribute or value the business has not got: null when the import may create it.
    const categoryCells = list(row.categories);
    const categories = categoryCells.map((cell) => check(() => names.checkCategory(cell, options.createMissing)));
    const pairs = list(row.variant);
    const values = pairs.map((pair) => check(() => names.checkValue(pair, options.createMissing)));
    if (pairs.some((pair, index) => values[index] === null && names.missingAttribute(pair))) check(() => this.needs(auth, 'create:attribute'));
    if (pairs.some((pair, index) => values[index] === null && !names.missingAttribute(pair))) check(() => this.needs(auth, 'update:attribute'));
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
    // Categories count only for an item the row creates: none is made for one that is there.
    if (!existing && categories.includes(null)) check(() => this.needs(auth, 'create:category'));
    const label = pairs.length ? `${row.itemName} (${row.variant})` : row.itemName;
    // A value still to be created is on no variant yet.
    const resolved = values.every((value) => typeof value === 'string');
    const combinationOf = (ids: readonly (string | null | undefined)[]) => [...ids].sort().join(',');
    const combination = combinationOf(values);
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

    // Then the writes: every cell is known good here. First what the row names and the business has not got.
    const price = givenPrice!;
    const created: Creation[] = [];
    const make = this.maker(auth, manager);
    const categoryIds: string[] = [];
    if (!existing) for (const cell of categoryCells) categoryIds.push(await names.category(cell, make, created));
    const valueIds: string[] = [];
    for (const pair of pairs) valueIds.push(await names.value(pair, make, created));
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
      if (categoryCells.length) done.push(say('categories left as they were', 'categories will stay as they are'));
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
      if (categoryCells.length) done.push(say('categories left as they were', 'categories will stay as they are'));
      unitLeftAsItWas(existing);
      const updated = await this.items.addVariant(auth, { parentID: existing.id, attributes: valueIds, price, reorderLevel: reorderLevel ?? null, ...codes, ...tax }, manager);
      // Its values as written (some may be new, made above).
      stockId = updated.subItems.find((sub) => combinationOf(sub.attributes.map((value) => value._id)) === combinationOf(valueIds))!._id;
      outcome = 'new variant';
      done.unshift(say(`Added variant ${label}`, `Will add variant ${label}`));
    }

    if (created.length) done.splice(outcome === 'new batch' ? 0 : 1, 0, say(`created ${describe(created)}`, `will create ${describe(created)}`));
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
    return { outcome, message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.`, itemID: itemId, creates: created };
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

  private needs(auth: AuthContext, action: 'create:item' | 'create:category' | 'create:attribute' | 'update:attribute') {
    if (!can(auth.user, action)) refuse(refusalWords(action));
  }

  /** A Tax cell: a rate's name (any case), Exempt, or empty for the location's default. */
  private taxChoice(names: ImportNames, cell: string): TaxChoice {
    if (!cell) return NO_TAX_CHOICE;
    if (cell.trim().toLowerCase() === CSV_TAX_EXEMPT.toLowerCase()) return { taxRateID: null, taxExempt: true };
    const id = names.taxRate(cell);
    if (!id) return refuse(`No tax rate named "${cell}". Add it under Admin, Tax, or write ${CSV_TAX_EXEMPT} or nothing.`);
    return { taxRateID: id, taxExempt: false };
  }

  /** The row's batch, null when it has none; undefined when a cell is wrong (each problem added to `problems`). */
  private batch(names: ImportNames, row: Row, problems: string[]): { input: BatchInput; locationName: string } | null | undefined {
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
    const location = row.location ? names.location(row.location) : undefined;
    if (!row.location) problems.push('Location is needed for a batch.');
    else if (!location) problems.push(`No location named "${row.location}".`);
    let supplierID: string | null = null;
    if (row.supplier) {
      supplierID = names.supplier(row.supplier) ?? null;
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
