import Big from 'big.js';

/**
 * Price and discount control (issue 21, rule 4): selling at a price other than the item's own needs
 * `price:invoice`, and giving a discount needs `discount:invoice`, at the sale's location (as every
 * action). A line that keeps the item's price (however written: 7.99 = 7.9900) and has no discount
 * needs neither. The first line that asks for an action the seller lacks is named; a refused sale
 * writes nothing.
 */

export const PRICE_ACTION = 'price:invoice';
export const DISCOUNT_ACTION = 'discount:invoice';

export interface ControlledLine {
  /** The price asked (per unit). */
  readonly price: string;
  /** Per unit. */
  readonly discount: string;
  /** The item's (or variant's) own price. */
  readonly listPrice: string;
}

export interface PriceControlRefusal {
  readonly index: number;
  /** The request field: `items.N.price` or `items.N.discount`. */
  readonly field: string;
  readonly action: typeof PRICE_ACTION | typeof DISCOUNT_ACTION;
}

export function priceControlRefusal(lines: readonly ControlledLine[], allowed: { readonly price: boolean; readonly discount: boolean }): PriceControlRefusal | null {
  for (const [index, line] of lines.entries()) {
    if (!allowed.price && !new Big(line.price).eq(line.listPrice)) return { index, field: `items.${index}.price`, action: PRICE_ACTION };
    if (!allowed.discount && new Big(line.discount).gt(0)) return { index, field: `items.${index}.discount`, action: DISCOUNT_ACTION };
  }
  return null;
}
