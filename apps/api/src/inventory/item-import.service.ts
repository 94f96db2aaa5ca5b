import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CSV_PAIR_SEPARATOR,
  CSV_PATH_SEPARATOR,
  MoneySchema,
  splitCell,
  unescapeCellName,
  QuantitySchema,
  type ItemImportResult,
  type ItemImportRowSchema,
} from '@stockbook/contracts';
import { can } from '@stockbook/domain';
import Big from 'big.js';
import { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';
import { AppError } from '../common/errors/app-error';
import { BatchesService } from './batches.service';
import { ItemsService } from './items.service';

type Row = z.output<typeof ItemImportRowSchema>;

/** A row that cannot be imported, and why (in words for the per-line report). */
class Refusal extends Error {}

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
  values: Map<string, Map<string, string>>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * CSV import of items with their batches (ITEM_CSV_COLUMNS): each row is matched by names to the
 * business's categories, attributes, locations and suppliers, creates the item or variant it
 * names when there is none, and adds its batch, through the same service calls as the screens
 * (activity entries, permission checks). One transaction per call, a savepoint per row: a
 * refused row changes nothing, and the rows around it still land.
 */
@Injectable()
export class ItemImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly items: ItemsService,
    private readonly batches: BatchesService,
  ) {}

  async import(auth: AuthContext, rows: readonly Row[]): Promise<ItemImportResult[]> {
    return this.dataSource.transaction(async (outer) => {
      const names = await this.names(outer, auth.businessId);
      const results: ItemImportResult[] = [];
      for (const row of rows) {
        try {
          const done = await outer.transaction((manager) => this.importRow(auth, names, row, manager));
          results.push({ line: row.line, status: 'imported', message: done.message, itemID: done.itemID });
        } catch (error) {
          if (!(error instanceof Refusal) && !(error instanceof AppError)) throw error;
          const reason = error instanceof AppError && error.fieldErrors ? Object.values(error.fieldErrors).flat().join(' ') || error.message : error.message;
          results.push({ line: row.line, status: 'refused', message: `Line ${row.line}: ${reason}`, itemID: null });
        }
      }
      return results;
    });
  }

  private async importRow(auth: AuthContext, names: Names, row: Row, manager: EntityManager): Promise<{ message: string; itemID: string }> {
    if (!row.itemName) throw new Refusal('Item name is empty.');
    const categories = list(row.categories).map((cell) => this.category(names, cell));
    const values = list(row.variant).map((pair) => this.value(names, pair));
    const reorderLevel = row.reorderLevel ? parse(QuantitySchema('Reorder level'), row.reorderLevel) : null;
    const givenPrice = row.price ? parse(MoneySchema('Price'), row.price) : null;
    const batch = this.batch(names, row);
    const done: string[] = [];

    const [existing, ...more] = (await manager.query(
      `SELECT id, simple_item, price FROM items WHERE business_id = $1 AND parent_id IS NULL AND deleted_at IS NULL AND lower(item_name) = lower($2)`,
      [auth.businessId, row.itemName],
    )) as { id: string; simple_item: boolean; price: string }[];
    if (more.length) throw new Refusal(`More than one item is named "${row.itemName}"; rename one first.`);
    const price = () => {
      if (givenPrice === null) throw new Refusal(`Price is needed to create ${row.itemName}${row.variant ? ` (${row.variant})` : ''}.`);
      return givenPrice;
    };
    // What the row says of an item that is already there is not applied: say so, never silently.
    const leftAsItWas = (stored: { price: string }) => {
      if (givenPrice !== null && !new Big(givenPrice).eq(stored.price)) done.push(`price left at ${new Big(stored.price).toString()}, as it was`);
      if (categories.length) done.push('categories left as they were');
      if (reorderLevel !== null) done.push('reorder level left as it was');
    };

    // The simple item or variant the batch goes on: found, or created.
    let stockId: string;
    let itemId: string;
    let label = row.itemName;
    if (values.length === 0) {
      if (existing && !existing.simple_item) throw new Refusal(`${row.itemName} is an item with variants: say which in the Variant column.`);
      if (existing) {
        leftAsItWas(existing);
        stockId = itemId = existing.id;
      } else {
        this.needs(auth, 'create:item', 'create items');
        const created = await this.items.addSimple(auth, { itemName: row.itemName, categories, price: price(), attributes: [], reorderLevel }, manager);
        stockId = itemId = created._id;
        done.unshift(`Created simple item ${row.itemName}`);
      }
    } else {
      if (existing?.simple_item) throw new Refusal(`${row.itemName} is a simple item: leave the Variant column empty.`);
      const combination = [...values].sort().join(',');
      label = `${row.itemName} (${row.variant})`;
      if (!existing) {
        this.needs(auth, 'create:item', 'create items');
        const created = await this.items.addVariantItem(auth, { itemName: row.itemName, categories, variants: [{ attributes: values, price: price(), reorderLevel }] }, manager);
        itemId = created._id;
        stockId = created.subItems[0]!._id;
        done.unshift(`Created ${label}`);
      } else {
        itemId = existing.id;
        const variants = (await manager.query(
          `SELECT v.id, v.price, string_agg(iav.attribute_value_id::text, ',' ORDER BY iav.attribute_value_id::text) AS combination
             FROM items v LEFT JOIN item_attribute_values iav ON iav.item_id = v.id
            WHERE v.parent_id = $1 AND v.deleted_at IS NULL GROUP BY v.id`,
          [existing.id],
        )) as { id: string; price: string; combination: string | null }[];
        const variant = variants.find((candidate) => candidate.combination === combination);
        if (variant) {
          leftAsItWas(variant);
          stockId = variant.id;
        } else {
          if (categories.length) done.push('categories left as they were');
          this.needs(auth, 'create:item', 'add variants');
          const updated = await this.items.addVariant(auth, { parentID: existing.id, attributes: values, price: price(), reorderLevel }, manager);
          stockId = updated.subItems.find((sub) => [...sub.attributes.map((value) => value._id)].sort().join(',') === combination)!._id;
          done.unshift(`Added variant ${label}`);
        }
      }
    }

    if (batch) {
      await this.batches.add(auth, { itemID: stockId, ...batch.input }, manager);
      done.push(`added ${new Big(batch.input.quantity).toString()} to ${label} at ${batch.locationName}`);
    } else if (done.length === 0) {
      done.push(`${label} is already there; no batch on this line`);
    }
    const message = done.join('; ');
    return { message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.`, itemID: itemId };
  }

  private needs(auth: AuthContext, action: 'create:item', what: string) {
    if (!can(auth.user, action)) throw new Refusal(`You do not have the ${action} permission to ${what}.`);
  }

  private category(names: Names, cell: string): string {
    const ids = names.categories.get(pathKey(splitCell(cell, '>').map(unescapeCellName))) ?? [];
    if (ids.length === 1) return ids[0]!;
    if (ids.length > 1) throw new Refusal(`More than one category is named "${cell}": write its path, e.g. "Parent${CSV_PATH_SEPARATOR}${cell}".`);
    throw new Refusal(`No category named "${cell}". Add it first, or fix the name.`);
  }

  private value(names: Names, pair: string): string {
    const parts = splitCell(pair, ':', 2);
    if (parts.length < 2) throw new Refusal(`Write each variant value as "Attribute${CSV_PAIR_SEPARATOR}Value", not "${pair}".`);
    const [attribute, value] = parts.map(unescapeCellName) as [string, string];
    const values = names.values.get(key(attribute));
    if (!values) throw new Refusal(`No attribute named "${attribute}". Add it first, or fix the name.`);
    const id = values.get(key(value));
    if (!id) throw new Refusal(`${attribute} has no value "${value}". Add it first, or fix the value.`);
    return id;
  }

  private batch(names: Names, row: Row) {
    if (!row.quantity && !row.cost) {
      if (row.location || row.supplier || row.dateAdded) throw new Refusal('Quantity and Cost are needed for a batch.');
      return null;
    }
    if (!row.quantity) throw new Refusal('Quantity is needed with a cost.');
    if (!row.cost) throw new Refusal('Cost is needed with a quantity.');
    const quantity = parse(QuantitySchema('Quantity'), row.quantity);
    if (new Big(quantity).lte(0)) throw new Refusal('Quantity must be more than 0.');
    const cost = parse(MoneySchema('Cost'), row.cost);
    if (!row.location) throw new Refusal('Location is needed for a batch.');
    const location = names.locations.get(key(row.location));
    if (!location) throw new Refusal(`No location named "${row.location}".`);
    let supplierID: string | null = null;
    if (row.supplier) {
      supplierID = names.suppliers.get(key(row.supplier)) ?? null;
      if (!supplierID) throw new Refusal(`No supplier named "${row.supplier}".`);
    }
    let dateAdded: string | undefined;
    if (row.dateAdded) {
      dateAdded = dateOf(row.dateAdded) ?? undefined;
      if (!dateAdded) throw new Refusal(`Date added "${row.dateAdded}" is not a date: write it as YYYY-MM-DD.`);
    }
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

/** A cell checked with its contract rule; the rule's message when it fails. */
function parse(schema: z.ZodType<string, unknown>, cell: string): string {
  const result = schema.safeParse(cell);
  if (!result.success) throw new Refusal(result.error.issues[0]?.message ?? 'This cell is not valid.');
  return result.data;
}
