import type { Batch, Item, ItemAttribute, LocationData, Variant } from '@stockbook/contracts';
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
  /** Absent for a caller who is not shown costs. */
  averageCost?: string;
  value?: string;
  lowStock: boolean;
  /** What describes the row: a simple item's or a variant's attribute values (none on a variant item's own row). */
  attributes: ItemAttribute[];
  /** Per location: quantity on hand and value (value absent without costs). */
  stock: Map<string, { quantity: string; value?: string }>;
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

/**
 * What the stock remaining in `batches` is worth: the API's `stockValue` when it sends one, else summed
 * from the batches' costs; undefined when costs are hidden from the caller.
 */
export function valueOf(figures: Pick<LocationData, 'averageCost' | 'stockValue'>, batches: readonly Batch[]): string | undefined {
  if (figures.stockValue !== undefined) return figures.stockValue;
  if (figures.averageCost === undefined) return undefined;
  return stockValue(batches.map((batch) => ({ ...batch, cost: batch.cost ?? '0' })));
}

function stockOf(figures: Item | Variant, batches: readonly Batch[]): ItemRow['stock'] {
  return new Map(
    figures.locationData.map((data) => [
      data.locationID,
      { quantity: data.totalQuantity, value: valueOf(data, batches.filter((batch) => batch.locationID === data.locationID)) },
    ]),
  );
}

/**
 * On hand, average cost and value of an item or variant: over all the caller's locations, or at
 * one location (its `locationData` entry; nothing there is 0).
 */
export function figuresAt(figures: Item | Variant, batches: readonly Batch[], locationId?: string): Pick<ItemRow, 'totalQuantity' | 'averageCost' | 'value'> {
  if (!locationId) return { totalQuantity: figures.totalQuantity, averageCost: figures.averageCost, value: valueOf(figures, batches) };
  const costs = figures.averageCost !== undefined;
  const there = figures.locationData.find((data) => data.locationID === locationId);
  if (!there) return { totalQuantity: '0', averageCost: costs ? '0' : undefined, value: costs ? '0' : undefined };
  return { totalQuantity: there.totalQuantity, averageCost: there.averageCost, value: valueOf(there, batches.filter((batch) => batch.locationID === locationId)) };
}

const compare = (a: string, b: string) => Number(a) - Number(b);

/**
 * Table rows for a page of items: variants as the children of their item (in the order the API
 * gives, their attribute values' order). With a location, each row's on hand, average cost and
 * value are that location's.
 */
export function itemRows(items: readonly Item[], locationId?: string): ItemRow[] {
  return items.map((item) => {
    const batches = allBatches(item).map((entry) => entry.batch);
    const prices = item.subItems.map((variant) => variant.price).sort(compare);
    return {
      key: item._id,
      item,
      name: item.itemName,
      price: item.simpleItem ? item.price : null,
      priceRange: prices.length ? [prices[0]!, prices[prices.length - 1]!] : undefined,
      ...figuresAt(item, batches, locationId),
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
            ...figuresAt(variant, variant.batches, locationId),
            lowStock: variant.lowStock,
            attributes: variant.attributes,
            stock: stockOf(variant, variant.batches),
          })),
    };
  });
}
