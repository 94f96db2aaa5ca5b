import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import { lineAmounts, type LinePricing } from './invoice-totals';
import { MINOR_UNIT_DIGITS, MONEY_SCALE, readDecimal } from './money';

/**
 * Discounts typed at the counter (issue 21, rule 4), turned into the specification's only kind: a
 * discount per unit on each line (invoice-totals.ts), so the invoice's arithmetic is unchanged.
 *
 * - A line's discount typed as a percent ("10%") is that percent of its price per unit, rounded
 *   half up to MONEY_SCALE places.
 * - A whole-cart discount, typed as an amount or a percent (of the lines' totals after their own
 *   discounts, rounded to the minor unit), is spread over the lines by one rule: each line takes
 *   its share in proportion to its total, in whole minor units; the units left by that division go
 *   one each to the lines with the largest remainders (the earlier line first on a tie). Each
 *   line's share becomes more discount per unit (share / quantity, rounded half up to MONEY_SCALE,
 *   never beyond the price); what rounding makes a line give more or less than its share is carried
 *   to the next line. So the discount given is the amount asked to the minor unit whenever the
 *   last lines can take the carry (always with whole quantities up to 100), and never more.
 */

const PERCENT = /^(\d+(\.\d+)?)\s*%$/;

/** Whether a typed discount is a percent ("12.5%"). */
export const isPercent = (typed: string) => PERCENT.test(typed.trim());

/**
 * A line's discount per unit from what was typed: an amount as it is, or a percent (0 to 100) of
 * the price; null when it cannot be read.
 */
export function unitDiscount(typed: string, price: string): string | null {
  const text = typed.trim() === '' ? '0' : typed.trim();
  const percent = PERCENT.exec(text);
  if (!percent) return readDecimal(text, MONEY_SCALE) ? text : null;
  const share = new Big(percent[1]!);
  if (share.gt(100) || !readDecimal(price, MONEY_SCALE)) return null;
  return new Big(price).times(share).div(100).round(MONEY_SCALE, Big.roundHalfUp).toFixed(MONEY_SCALE);
}

/** The cart discount asked, in money: an amount (to the minor unit) or a percent of `base`; null when it cannot be read. */
export function cartDiscountAmount(typed: string, base: string, currency: CurrencyCode): string | null {
  const digits = MINOR_UNIT_DIGITS[currency];
  const text = typed.trim();
  if (text === '') return new Big(0).toFixed(digits);
  const percent = PERCENT.exec(text);
  if (percent) {
    const share = new Big(percent[1]!);
    if (share.gt(100)) return null;
    return new Big(base).times(share).div(100).round(digits, Big.roundHalfUp).toFixed(digits);
  }
  const amount = readDecimal(text, digits);
  return amount ? amount.toFixed(digits) : null;
}

export interface SpreadDiscount {
  /** Each line's new discount per unit (its own plus its share), in line order. */
  readonly discounts: string[];
  /** The cart discount actually given: the amount asked, less any minor unit no line could carry. */
  readonly given: string;
}

/** Spreads a cart discount of `amount` over `lines` (their own per-unit discounts kept), by the rule above. */
export function spreadCartDiscount(lines: readonly LinePricing[], amount: string, currency: CurrencyCode): SpreadDiscount {
  const unit = new Big(1).div(10 ** MINOR_UNIT_DIGITS[currency]);
  const totals = lines.map((line) => new Big(lineAmounts(line, currency).total));
  const sum = totals.reduce((all, total) => all.plus(total), new Big(0));
  const asked = Big(amount).gt(sum) ? sum : new Big(amount);
  if (asked.lte(0) || sum.eq(0)) return { discounts: lines.map((line) => new Big(line.discount).toFixed(MONEY_SCALE)), given: new Big(0).toFixed(MONEY_SCALE) };

  // Shares in whole minor units; the units left go to the largest remainders, the earlier line first.
  const units = asked.div(unit).round(0, Big.roundDown);
  const exact = totals.map((total) => units.times(total).div(sum));
  const shares = exact.map((share) => share.round(0, Big.roundDown));
  let left = units.minus(shares.reduce((all, share) => all.plus(share), new Big(0))).toNumber();
  const order = exact.map((share, index) => ({ index, rest: share.minus(shares[index]!) })).sort((a, b) => b.rest.cmp(a.rest) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = shares[index]!.plus(1);
    left -= 1;
  }

  let carry = new Big(0);
  let given = new Big(0);
  const discounts = lines.map((line, index) => {
    const want = shares[index]!.times(unit).plus(carry);
    const quantity = new Big(line.quantity);
    let discount = new Big(line.discount).plus(want.div(quantity)).round(MONEY_SCALE, Big.roundHalfUp);
    if (discount.gt(line.price)) discount = new Big(line.price);
    if (discount.lt(line.discount)) discount = new Big(line.discount);
    const after = new Big(lineAmounts({ ...line, discount: discount.toFixed(MONEY_SCALE) }, currency).total);
    const took = totals[index]!.minus(after);
    carry = want.minus(took);
    given = given.plus(took);
    return discount.toFixed(MONEY_SCALE);
  });
  return { discounts, given: given.toFixed(MONEY_SCALE) };
}
