import type { EntityManager } from 'typeorm';
import { CSV_PAIR_SEPARATOR, CSV_PATH_SEPARATOR, splitCell, unescapeCellName, type ItemImportResult } from '@stockbook/contracts';

/** What a row created beside its item (or will, in a dry run). */
export type Creation = ItemImportResult['creates'][number];

/** A row that cannot be imported, and every reason why (in words for the per-line report). */
export class Refusal extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join(' '));
  }
}
export const refuse = (problem: string): never => {
  throw new Refusal([problem]);
};

const key = (text: string) => text.trim().toLowerCase();
/** How a category path is looked up: its names, folded, joined by a character no name holds. */
const pathKey = (names: readonly string[]) => key(names.join('\u0000'));
const ROOT = '';
const CATEGORY_NAME_MAX = 120;
const ATTRIBUTE_NAME_MAX = 80;

/** Where a category path stands: found, or the deepest category found and the names still missing under it. */
type CategoryWalk = { id: string } | { parent: string | null; missing: string[] };

/** How the import creates what it may (savepoints of the row's transaction, through the catalogue's own services). */
export interface CatalogueMaker {
  category(name: string, parentId: string | null): Promise<string>;
  /** A new attribute with its first value: their ids. */
  attribute(name: string, value: string): Promise<{ attributeId: string; valueId: string }>;
  value(attributeId: string, value: string): Promise<string>;
}

interface AttributeNames {
  id: string;
  name: string;
  values: Map<string, string>;
}

/**
 * The business's names that an import's cells are matched against: categories (by path from the
 * top, or by a unique name alone), attributes and their values, locations, suppliers and tax
 * rates, read once per call. Categories, attributes and values a row creates are added as it
 * creates them, so the rows after it find them; a row that is then refused takes its additions
 * back (`rollBackTo`), as its savepoint takes back the rows.
 */
export class ImportNames {
  private readonly undo: (() => void)[] = [];

  private constructor(
    private readonly categoryIds: Map<string, string[]>,
    private readonly children: Map<string, Map<string, string>>,
    private readonly paths: Map<string, string[]>,
    private readonly attributes: Map<string, AttributeNames>,
    readonly locations: ReadonlyMap<string, { id: string; name: string }>,
    readonly suppliers: ReadonlyMap<string, string>,
    readonly taxRates: ReadonlyMap<string, string>,
  ) {}

  static async read(manager: EntityManager, businessId: string): Promise<ImportNames> {
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
    const attributeRows = (await manager.query(
      `SELECT a.id AS attribute_id, a.name AS attribute, v.value, v.id
         FROM attributes a LEFT JOIN attribute_values v ON v.attribute_id = a.id WHERE a.business_id = $1`,
      [businessId],
    )) as { attribute_id: string; attribute: string; value: string | null; id: string | null }[];
    const locations = (await manager.query(`SELECT id, name FROM locations WHERE business_id = $1`, [businessId])) as { id: string; name: string }[];
    const suppliers = (await manager.query(`SELECT id, name FROM suppliers WHERE business_id = $1 AND deleted_at IS NULL`, [businessId])) as {
      id: string;
      name: string;
    }[];
    const taxRates = (await manager.query(`SELECT id, name FROM tax_rates WHERE business_id = $1`, [businessId])) as { id: string; name: string }[];

    const attributes = new Map<string, AttributeNames>();
    for (const row of attributeRows) {
      const attribute = attributes.get(key(row.attribute)) ?? { id: row.attribute_id, name: row.attribute, values: new Map<string, string>() };
      if (row.value !== null && row.id !== null) attribute.values.set(key(row.value), row.id);
      attributes.set(key(row.attribute), attribute);
    }
    const names = new ImportNames(
      new Map(),
      new Map(),
      new Map(),
      attributes,
      new Map(locations.map((location) => [key(location.name), location])),
      new Map(suppliers.map((supplier) => [key(supplier.name), supplier.id])),
      new Map(taxRates.map((rate) => [key(rate.name), rate.id])),
    );
    for (const category of categories) names.addCategory(category.id, category.parent_category_id, pathOf(category.id));
    names.undo.length = 0;
    return names;
  }

  /** Where the undo log stands now: a row marks it before its writes. */
  mark(): number {
    return this.undo.length;
  }

  /** Takes back every name added since `mark` (the row that added them was rolled back). */
  rollBackTo(mark: number): void {
    while (this.undo.length > mark) this.undo.pop()!();
  }

  location(name: string) {
    return this.locations.get(key(name));
  }
  supplier(name: string) {
    return this.suppliers.get(key(name));
  }
  taxRate(name: string) {
    return this.taxRates.get(key(name));
  }

  /**
   * Checks one entry of a Categories cell: the category's id when it is there, null when it is
   * missing and `create` allows making it (in `category`); a refusal otherwise.
   */
  checkCategory(cell: string, create: boolean): string | null {
    const walk = this.walkCategory(this.segments(cell));
    if ('id' in walk) return walk.id;
    if (!create) refuse(`No category named "${cell}". Add it first, fix the name, or let the import create what is missing.`);
    for (const name of walk.missing) {
      if (name.length > CATEGORY_NAME_MAX) refuse(`A category name must be at most ${CATEGORY_NAME_MAX} characters: "${name.slice(0, 40)}…".`);
    }
    return null;
  }

  /** The category of one Categories entry, creating what is missing of its path (checked by `checkCategory`). */
  async category(cell: string, make: CatalogueMaker, created: Creation[]): Promise<string> {
    const walk = this.walkCategory(this.segments(cell));
    if ('id' in walk) return walk.id;
    let parent = walk.parent;
    for (const name of walk.missing) {
      const id = await make.category(name, parent);
      const path = [...(parent ? this.paths.get(parent)! : []), name];
      this.addCategory(id, parent, path);
      created.push({ kind: 'category', name: path.join(CSV_PATH_SEPARATOR) });
      parent = id;
    }
    return parent!;
  }

  /**
   * Checks one `Attribute: Value` pair of a Variant cell: the value's id when it is there, null
   * when it (or its attribute) is missing and `create` allows making it (in `value`); a refusal otherwise.
   */
  checkValue(pair: string, create: boolean): string | null {
    const [attributeName, value] = this.pair(pair);
    const attribute = this.attributes.get(key(attributeName));
    const found = attribute?.values.get(key(value));
    if (found) return found;
    if (!create) {
      if (!attribute) refuse(`No attribute named "${attributeName}". Add it first, fix the name, or let the import create what is missing.`);
      refuse(`${attributeName} has no value "${value}". Add it first, fix the value, or let the import create what is missing.`);
    }
    if (!attribute && attributeName.length > ATTRIBUTE_NAME_MAX) refuse(`An attribute name must be at most ${ATTRIBUTE_NAME_MAX} characters.`);
    if (value.length > ATTRIBUTE_NAME_MAX) refuse(`A value must be at most ${ATTRIBUTE_NAME_MAX} characters: "${value.slice(0, 40)}…".`);
    return null;
  }

  /** Whether the pair needs its attribute created (true) or only a value added to it (false), when `checkValue` allowed creating. */
  missingAttribute(pair: string): boolean {
    return !this.attributes.has(key(this.pair(pair)[0]));
  }

  /** The value of one pair, creating the attribute and/or the value when missing (checked by `checkValue`). */
  async value(pair: string, make: CatalogueMaker, created: Creation[]): Promise<string> {
    const [attributeName, value] = this.pair(pair);
    const attribute = this.attributes.get(key(attributeName));
    const found = attribute?.values.get(key(value));
    if (found) return found;
    if (!attribute) {
      const made = await make.attribute(attributeName, value);
      const values = new Map([[key(value), made.valueId]]);
      this.attributes.set(key(attributeName), { id: made.attributeId, name: attributeName, values });
      this.undo.push(() => this.attributes.delete(key(attributeName)));
      created.push({ kind: 'attribute', name: attributeName }, { kind: 'value', name: `${attributeName}${CSV_PAIR_SEPARATOR}${value}` });
      return made.valueId;
    }
    const valueId = await make.value(attribute.id, value);
    attribute.values.set(key(value), valueId);
    this.undo.push(() => attribute.values.delete(key(value)));
    created.push({ kind: 'value', name: `${attribute.name}${CSV_PAIR_SEPARATOR}${value}` });
    return valueId;
  }

  /** The `Attribute: Value` pair's two names, unescaped; refused when it is not a pair. */
  private pair(pair: string): [string, string] {
    const parts = splitCell(pair, ':', 2).map(unescapeCellName);
    if (parts.length < 2 || !parts[0] || !parts[1]) refuse(`Write each variant value as "Attribute${CSV_PAIR_SEPARATOR}Value", not "${pair}".`);
    return parts as [string, string];
  }

  private segments(cell: string): string[] {
    const names = splitCell(cell, '>').map(unescapeCellName);
    if (names.some((name) => !name)) refuse(`Category "${cell}" has an empty name in its path.`);
    return names;
  }

  /**
   * A path's category: its whole path from the top, or a unique name alone; otherwise the path's
   * first name as a top-level category, else as a unique one anywhere (else a new top-level one), and each next name as a
   * subcategory of the one before, as deep as they are there.
   */
  private walkCategory(names: readonly string[]): CategoryWalk {
    const whole = this.categoryIds.get(pathKey(names)) ?? [];
    if (whole.length === 1) return { id: whole[0]! };
    const cell = names.join(CSV_PATH_SEPARATOR);
    if (whole.length > 1) refuse(`More than one category is named "${cell}": write its path, e.g. "Parent${CSV_PATH_SEPARATOR}${cell}".`);
    const top = this.children.get(ROOT)?.get(key(names[0]!));
    const first = this.categoryIds.get(pathKey(names.slice(0, 1))) ?? [];
    if (!top && first.length > 1) refuse(`More than one category is named "${names[0]}": write its whole path from the top.`);
    let parent: string | null = top ?? first[0] ?? null;
    let depth = parent ? 1 : 0;
    while (parent && depth < names.length) {
      const child: string | undefined = this.children.get(parent)?.get(key(names[depth]!));
      if (!child) break;
      parent = child;
      depth += 1;
    }
    return depth === names.length ? { id: parent! } : { parent, missing: names.slice(depth) };
  }

  /** Makes a category findable by its path, by its name alone, and as its parent's child. */
  private addCategory(id: string, parentId: string | null, path: string[]): void {
    const name = path[path.length - 1]!;
    this.paths.set(id, path);
    const siblings = this.children.get(parentId ?? ROOT) ?? new Map<string, string>();
    siblings.set(key(name), id);
    this.children.set(parentId ?? ROOT, siblings);
    const keys = [...new Set([pathKey([name]), pathKey(path)])];
    const before = keys.map((entry) => this.categoryIds.get(entry));
    for (const entry of keys) this.categoryIds.set(entry, [...(this.categoryIds.get(entry) ?? []), id]);
    this.undo.push(() => {
      this.paths.delete(id);
      siblings.delete(key(name));
      keys.forEach((entry, index) => (before[index] ? this.categoryIds.set(entry, before[index]) : this.categoryIds.delete(entry)));
    });
  }
}
