import type { Batch, Item, ItemAttribute, Variant } from '@stockbook/contracts';
import { stockValue } from '@stockbook/domain';

/** A row of the items table: an item, or one of its variants under it. */
export interface ItemRow {
  key: string;
  item: Item;
  variant?: Variant;
  name: string;
  price: string | null;
  /** For a variant item: its variants' lowest and highest prices. */
  priceRange?: [string, string];
  totalQuantity: string;
  averageCost: string;
  value: string;
  lowStock: boolean;
  /** What describes the row: a simple item's or a variant's attribute values (none on a variant item's own row). */
  attributes: ItemAttribute[];
  /** Per location: quantity on hand and value. */
  stock: Map<string, { quantity: string; value: string }>;
  children?: ItemRow[];
}

/** A live batch of an item, with the variant it belongs to (for a variant item). */
export interface ItemBatch {
  batch: Batch;
  variant?: Variant;
}

/** An item's live batches: a simple item's own, or its variants' (each with the variant it belongs to). */
export function allBatches(item: Item): ItemBatch[] {
  if (item.simpleItem) return item.batches.map((batch) => ({ batch }));
  return item.subItems.flatMap((variant) => variant.batches.map((batch) => ({ batch, variant })));
}

function stockOf(figures: Item | Variant, batches: readonly Batch[]): ItemRow['stock'] {
  return new Map(
    figures.locationData.map((data) => [
      data.locationID,
      { quantity: data.totalQuantity, value: stockValue(batches.filter((batch) => batch.locationID === data.locationID)) },
    ]),
  );
}

const compare = (a: string, b: string) => Number(a) - Number(b);

/** Table rows for a page of items: variants as the children of their item. */
export function itemRows(items: readonly Item[]): ItemRow[] {
  return items.map((item) => {
    const batches = allBatches(item).map((entry) => entry.batch);
    const prices = item.subItems.map((variant) => variant.price).sort(compare);
    return {
      key: item._id,
      item,
      name: item.itemName,
      price: item.simpleItem ? item.price : null,
      priceRange: prices.length ? [prices[0]!, prices[prices.length - 1]!] : undefined,
      totalQuantity: item.totalQuantity,
      averageCost: item.averageCost,
      value: stockValue(batches),
      lowStock: item.lowStock,
      attributes: item.simpleItem ? item.attributes : [],
      stock: stockOf(item, batches),
      children: item.simpleItem
        ? undefined
        : item.subItems.map((variant) => ({
            key: variant._id,
            item,
            variant,
            name: variant.variantName ?? variant.itemName,
            price: variant.price,
            totalQuantity: variant.totalQuantity,
            averageCost: variant.averageCost,
            value: stockValue(variant.batches),
            lowStock: variant.lowStock,
            attributes: variant.attributes,
            stock: stockOf(variant, variant.batches),
          })),
    };
  });
}
