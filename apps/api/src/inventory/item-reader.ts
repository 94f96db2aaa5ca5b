import type { EntityManager } from 'typeorm';
import type { Batch, Category, Item, ItemAttribute, Variant } from '@stockbook/contracts';
import { stockByLocation, stockFigures, type LocationScope, type StockBatch } from '@stockbook/domain';
import Big from 'big.js';

interface ItemRow {
  id: string;
  parent_id: string | null;
  item_name: string;
  variant_name: string | null;
  simple_item: boolean;
  price: string;
  reorder_level: string | null;
  deleted_at: Date | null;
  deleted_by: string | null;
}
interface CategoryLinkRow {
  item_id: string;
  id: string;
  name: string;
  level: number;
  parent_category_id: string | null;
}
interface AttributeLinkRow {
  item_id: string;
  value_id: string;
  value: string;
  attribute_id: string;
  attribute_name: string;
}
interface BatchRow {
  id: string;
  item_id: string;
  supplier_id: string | null;
  location_id: string;
  quantity: string;
  quantity_sold: string;
  cost: string;
  date_added: Date;
  deleted_at: Date | null;
  deleted_by: string | null;
}

const groupBy = <T, K extends keyof T>(rows: readonly T[], key: K) => {
  const groups = new Map<T[K], T[]>();
  for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
  return groups;
};

/**
 * Builds items as the API shows them (specification field names) for a page of ids: categories,
 * attribute values, live batches within the caller's locations, stock per location and in total
 * (derived by the domain rules), and variants as `subItems`. Five queries, whatever the page size.
 */
export async function readItems(manager: EntityManager, businessId: string, ids: readonly string[], scope: LocationScope): Promise<Item[]> {
  if (ids.length === 0) return [];
  const tops = (await manager.query(
    `SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by
       FROM items WHERE business_id = $1 AND id = ANY($2::uuid[])`,
    [businessId, ids],
  )) as ItemRow[];
  const variants = (await manager.query(
    `SELECT id, parent_id, item_name, variant_name, simple_item, price, reorder_level, deleted_at, deleted_by
       FROM items WHERE parent_id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY variant_name, id`,
    [ids],
  )) as ItemRow[];
  const allIds = [...tops.map((row) => row.id), ...variants.map((row) => row.id)];
  // One after another: inside a transaction the manager has a single connection.
  const categories = (await manager.query(
      `SELECT ic.item_id, c.id, c.name, c.level, c.parent_category_id
         FROM item_categories ic JOIN categories c ON c.id = ic.category_id
        WHERE ic.item_id = ANY($1::uuid[]) ORDER BY c.level, lower(c.name)`,
      [ids],
  )) as CategoryLinkRow[];
  const attributes = (await manager.query(
      `SELECT iav.item_id, v.id AS value_id, v.value, a.id AS attribute_id, a.name AS attribute_name
         FROM item_attribute_values iav JOIN attribute_values v ON v.id = iav.attribute_value_id JOIN attributes a ON a.id = v.attribute_id
        WHERE iav.item_id = ANY($1::uuid[]) ORDER BY lower(a.name), v.created_at`,
      [allIds],
  )) as AttributeLinkRow[];
  const batches = (await manager.query(
      `SELECT id, item_id, supplier_id, location_id, quantity, quantity_sold, cost, date_added, deleted_at, deleted_by
         FROM batches
        WHERE item_id = ANY($1::uuid[]) AND deleted_at IS NULL ${scope.all ? '' : 'AND location_id = ANY($2::uuid[])'}
        ORDER BY date_added, id`,
      scope.all ? [allIds] : [allIds, scope.ids],
  )) as BatchRow[];
  const categoriesOf = groupBy(categories, 'item_id');
  const attributesOf = groupBy(attributes, 'item_id');
  const batchesOf = groupBy(batches, 'item_id');
  const variantsOf = groupBy(variants, 'parent_id');

  const build = (row: ItemRow, category: Category[], ownBatches: Batch[]): Variant => {
    const stock: StockBatch[] = ownBatches.map((batch) => ({ ...batch, deletedAt: batch.deletedAt }));
    const totals = stockFigures(stock);
    const reorderLevel = row.reorder_level;
    return {
      _id: row.id,
      itemName: row.item_name,
      variantName: row.variant_name,
      simpleItem: row.simple_item,
      category,
      price: row.price,
      reorderLevel,
      lowStock: reorderLevel !== null && new Big(totals.totalQuantity).lte(reorderLevel),
      totalQuantity: totals.totalQuantity,
      averageCost: totals.averageCost,
      attributes: (attributesOf.get(row.id) ?? []).map(toAttribute),
      batches: ownBatches,
      locationData: stockByLocation(stock),
      deletedAt: row.deleted_at?.toISOString() ?? null,
      deletedBy: row.deleted_by,
    };
  };

  const byId = new Map(
    tops.map((row) => {
      const category = (categoriesOf.get(row.id) ?? []).map(toCategory);
      const subItems = (variantsOf.get(row.id) ?? []).map((variant) =>
        build(variant, category, (batchesOf.get(variant.id) ?? []).map(toBatch)),
      );
      const ownBatches = (batchesOf.get(row.id) ?? []).map(toBatch);
      const item = build(row, category, row.simple_item ? ownBatches : subItems.flatMap((variant) => variant.batches));
      return [row.id, { ...item, lowStock: row.simple_item ? item.lowStock : subItems.some((variant) => variant.lowStock), subItems }];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const toCategory = (row: CategoryLinkRow): Category => ({
  _id: row.id,
  name: row.name,
  level: row.level,
  parentCategory: row.parent_category_id,
});

const toAttribute = (row: AttributeLinkRow): ItemAttribute => ({
  _id: row.value_id,
  value: row.value,
  attribute: { _id: row.attribute_id, name: row.attribute_name },
});

export const toBatch = (row: BatchRow): Batch => ({
  _id: row.id,
  itemID: row.item_id,
  supplierID: row.supplier_id,
  locationID: row.location_id,
  quantity: row.quantity,
  quantitySold: row.quantity_sold,
  cost: row.cost,
  dateAdded: row.date_added.toISOString(),
  deletedAt: row.deleted_at?.toISOString() ?? null,
  deletedBy: row.deleted_by,
});
export type { BatchRow };
