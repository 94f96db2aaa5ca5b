import { Tag } from 'antd';
import Big from 'big.js';
import type { Item } from '@stockbook/contracts';

type Unit = Pick<Item, 'lowStock' | 'totalQuantity'>;

/** What a simple item's or a variant's stock at or under its reorder level says (issue 24, rule 6): none on hand is out of stock, not low. */
export function stockState(unit: Unit): 'Out of stock' | 'Low stock' | null {
  if (!unit.lowStock) return null;
  return new Big(unit.totalQuantity || '0').lte(0) ? 'Out of stock' : 'Low stock';
}

/** Whether there is stock on hand. */
export const onHand = (unit: Pick<Item, 'totalQuantity'>): boolean => new Big(unit.totalQuantity || '0').gt(0);

/** An average cost means something only with stock on hand: none is shown as a dash. */
export const costShown = (unit: Pick<Item, 'totalQuantity' | 'averageCost'>, money: (amount: string) => string): string =>
  new Big(unit.totalQuantity || '0').lte(0) || unit.averageCost === undefined ? '—' : money(unit.averageCost);

/** The names of a variant item's variants in each state. */
export function variantsIn(item: Item, state: 'Out of stock' | 'Low stock'): string[] {
  return item.simpleItem ? [] : item.subItems.filter((variant) => stockState(variant) === state).map((variant) => variant.variantName ?? variant.itemName);
}

/** The words a stock tag says: "Out of stock", "Low stock", or per variant "Out of stock: Small; Low stock: Large". */
export function stockTagText(item: Item | undefined, unit: Unit): string | null {
  if (item && !item.simpleItem) {
    const out = variantsIn(item, 'Out of stock');
    const low = variantsIn(item, 'Low stock');
    const parts = [out.length ? `Out of stock: ${out.join(', ')}` : '', low.length ? `Low stock: ${low.join(', ')}` : ''].filter(Boolean);
    return parts.length ? parts.join('; ') : unit.lowStock ? 'Low stock' : null;
  }
  return stockState(unit);
}

/** The stock tag of an item (naming its variants) or of one unit. */
export function LowStockTag({ item, unit }: { item?: Item; unit: Unit }) {
  const text = stockTagText(item, unit);
  if (!text) return null;
  return (
    <Tag color="error" style={{ marginInlineStart: 8 }}>
      {text}
    </Tag>
  );
}
