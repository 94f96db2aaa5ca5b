import {
  CSV_LIST_SEPARATOR,
  CSV_PAIR_SEPARATOR,
  CSV_TAX_EXEMPT,
  escapeCellName,
  ITEM_CSV_COLUMNS,
  ITEM_CSV_FIELDS,
  ITEM_IMPORT_CHUNK,
  type Attribute,
  type Item,
  type ItemAttribute,
  type ItemImportResult,
  type ItemImportRow,
} from '@stockbook/contracts';
import { amountForPeople, formatQuantity, remainingOf } from '@stockbook/domain';

/** How names are found for the file: category paths (names escaped, see csv-cell.ts), location, supplier and tax rate names. */
export interface CsvNames {
  categoryPath(categoryId: string, name: string): string;
  locationName(locationId: string): string;
  supplierName(supplierId: string | null): string;
  taxRateName(taxRateId: string): string;
}

/** The Tax cell: the rate's name, Exempt, or empty for the location's default. */
const taxCell = (unit: { taxRateID: string | null; taxExempt: boolean }, names: CsvNames) =>
  unit.taxExempt ? CSV_TAX_EXEMPT : unit.taxRateID ? names.taxRateName(unit.taxRateID) : '';

/** A variant's values as the Variant cell writes them: `Size: Large; Colour: Red` (names holding `;`, `>` or `:` escaped). */
export function variantCell(attributes: readonly ItemAttribute[]): string {
  return attributes
    .map((value) => `${escapeCellName(value.attribute.name)}${CSV_PAIR_SEPARATOR}${escapeCellName(value.value)}`)
    .join(CSV_LIST_SEPARATOR);
}

/**
 * The file for these items: the header, then one row per batch with stock left (its remaining
 * quantity), or one row without a batch for an item or variant with none, so importing the file
 * into a business rebuilds the same items and stock on hand.
 */
export function itemsToCsv(items: readonly Item[], names: CsvNames): string[][] {
  const rows: string[][] = [[...ITEM_CSV_COLUMNS]];
  for (const item of items) {
    const categories = item.category.map((category) => names.categoryPath(category._id, category.name)).join(CSV_LIST_SEPARATOR);
    const units = item.simpleItem ? [{ unit: item, variant: '' }] : item.subItems.map((sub) => ({ unit: sub, variant: variantCell(sub.attributes) }));
    for (const { unit, variant } of units) {
      // Amounts and quantities as people write them (issue 22, rule 6), exactly: "20.00", "0.125", "3".
      const head = [item.itemName, variant, categories, amountForPeople(unit.price), unit.reorderLevel === null ? '' : formatQuantity(unit.reorderLevel)];
      // A variant's row carries its own SKU, barcode and tax; the unit of measure is the item's.
      const codes = [unit.sku ?? '', unit.barcode ?? '', item.unit ?? '', taxCell(unit, names)];
      const batches = unit.batches.filter((batch) => remainingOf(batch).gt(0));
      if (batches.length === 0) rows.push([...head, '', '', '', '', '', ...codes]);
      for (const batch of batches) {
        rows.push([
          ...head,
          names.locationName(batch.locationID),
          batch.supplierID ? names.supplierName(batch.supplierID) : '',
          formatQuantity(remainingOf(batch).toString()),
          // Absent for someone not shown costs: the file leaves the cell empty.
          batch.cost === undefined ? '' : amountForPeople(batch.cost),
          batch.dateAdded.slice(0, 10),
          ...codes,
        ]);
      }
    }
  }
  return rows;
}

export interface ReadCsv {
  /** Rows to send, with their line in the file. */
  rows: ItemImportRow[];
  /** Rows refused before sending, with why. */
  refused: ItemImportResult[];
  /** What about the file as a whole the person should know (unknown columns). */
  warnings: string[];
  /** Why the file cannot be imported at all, or null. */
  problem: string | null;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Reads a parsed CSV (cells by line, the header first) into import rows. Columns are found by
 * their header names in any order and case; blank lines are skipped; nothing else is dropped
 * without saying so.
 */
export function readItemCsv(lines: readonly (readonly string[])[]): ReadCsv {
  const result: ReadCsv = { rows: [], refused: [], warnings: [], problem: null };
  const [header, ...body] = lines;
  if (!header || header.every((cell) => !cell.trim())) return { ...result, problem: 'The file is empty.' };
  const known = new Map(ITEM_CSV_COLUMNS.map((column, index) => [normalise(column), ITEM_CSV_FIELDS[index]!]));
  const fields = header.map((cell) => known.get(normalise(cell)));
  if (!fields.includes('itemName')) {
    return { ...result, problem: `The first line must name the columns, with at least "Item name". Expected: ${ITEM_CSV_COLUMNS.join(', ')}.` };
  }
  const unknown = header.filter((cell, index) => cell.trim() && !fields[index]);
  if (unknown.length) result.warnings.push(`These columns are not read: ${unknown.map((cell) => `"${cell.trim()}"`).join(', ')}.`);
  body.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((cell) => !cell.trim())) return;
    if (cells.length > header.length && cells.slice(header.length).some((cell) => cell.trim())) {
      const problems = ['It has more cells than the header has columns.'];
      result.refused.push({ line, status: 'refused', outcome: 'refused', message: `Line ${line} has more cells than the header has columns.`, problems, itemID: null, creates: [] });
      return;
    }
    const row: ItemImportRow = { line };
    fields.forEach((field, column) => {
      if (field) row[field] = (cells[column] ?? '').trim();
    });
    result.rows.push(row);
  });
  if (result.rows.length === 0 && result.refused.length === 0) result.problem = 'The file has no rows to import.';
  return result;
}

/**
 * The calls a file's rows are sent in: at most `size` rows each, and every row of one item (by
 * name, ignoring case, as the server matches them) in the same call, in file order. Rows of
 * different items never change what each other does, so each call's dry run, rolled back on its
 * own, says exactly what that call will do when the file is imported in the same calls. Only an
 * item with more rows than one call takes is split, over calls one after another.
 */
export function importChunks(rows: readonly ItemImportRow[], size = ITEM_IMPORT_CHUNK): ItemImportRow[][] {
  const groups = new Map<string, ItemImportRow[]>();
  for (const row of rows) {
    const name = (row.itemName ?? '').trim().toLowerCase();
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  const chunks: ItemImportRow[][] = [];
  let current: ItemImportRow[] = [];
  for (const group of groups.values()) {
    if (current.length + group.length > size && current.length) {
      chunks.push(current);
      current = [];
    }
    for (let start = 0; start < group.length; start += size) {
      const piece = group.slice(start, start + size);
      if (piece.length === size) chunks.push(piece);
      else current = [...current, ...piece];
    }
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** What a template is made from: the business's own locations, category paths and attributes. */
export interface TemplateSource {
  /** Location names, the working one first. */
  locations: readonly string[];
  /** Category paths as the Categories cell writes them (`Drinks > Tea`, names escaped). */
  categoryPaths: readonly string[];
  attributes: readonly Attribute[];
}

/**
 * The downloadable template (issue 24): the header and example rows naming this business's own
 * location, a category it has and, when it has an attribute with a value, a variant of it, so the
 * file imports cleanly as downloaded (a template naming "Main" and "Drinks > Tea" was refused in
 * a new account). Without categories or attributes those cells stay empty.
 */
export function templateRows(source: TemplateSource): string[][] {
  const location = source.locations[0] ?? '';
  const category = source.categoryPaths[0] ?? '';
  const empty = ITEM_CSV_COLUMNS.slice(10).map(() => '');
  const rows: string[][] = [[...ITEM_CSV_COLUMNS], ['Green tea', '', category, '3.50', '5', location, '', '20', '1.80', '', ...empty]];
  const attribute = source.attributes.find((candidate) => candidate.values.length > 0);
  if (attribute) {
    const variant = `${escapeCellName(attribute.name)}${CSV_PAIR_SEPARATOR}${escapeCellName(attribute.values[0]!.value)}`;
    rows.push(['T-shirt', variant, category, '12', '', location, '', '10', '6', '', ...empty]);
  } else {
    rows.push(['Notebook A5', '', category, '2.40', '', location, '', '30', '0.90', '', ...empty]);
  }
  return rows;
}
