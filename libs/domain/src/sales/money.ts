import Big from 'big.js';
import { formatMoney, type CurrencyCode } from '../currency';
import { QUANTITY_SCALE } from '../stock';

/**
 * Numbers of the selling side: how amounts and quantities are read, and the one rounding rule.
 *
 * Amounts and quantities travel as decimal strings (as the API and PostgreSQL `numeric` give them)
 * and are computed with big.js, never with binary floats.
 *
 * The rounding rule, the only one of the sales module: a product of a quantity and a per-unit
 * amount is rounded once, half away from zero (like PostgreSQL's round()), where it is made:
 * - what a customer is charged for a line (its amount, price x quantity, and its total,
 *   quantity x (price - discount)) is rounded to the business currency's minor unit (2 places for
 *   every currency we keep), so every total, outstanding balance and payment is an amount the
 *   customer can actually pay (invoice-totals.ts says why the total is rounded, not the discount);
 * - the cost of a line's stock (quantity x unit cost, summed over the batches drawn) is rounded to
 *   MONEY_SCALE (4 places, the scale of costs and balances in the database).
 * Everything else (totals, outstanding, net result, balances) is sums and differences of those,
 * exact. Outputs are written with MONEY_SCALE places, quantities with QUANTITY_SCALE.
 */

/** Places kept for money in the database (costs, prices, balances: numeric(…, 4)). */
export const MONEY_SCALE = 4;

/** Places of each currency's minor unit: what a customer can be charged and can pay. */
export const MINOR_UNIT_DIGITS: Readonly<Record<CurrencyCode, number>> = { USD: 2, GBP: 2, INR: 2, AUD: 2, MYR: 2, LKR: 2 };

/**
 * Places an amount of money that moves may have (an expense, capital, a withdrawal, a transfer's
 * cost, a payment): the minor unit, the same for every currency kept, so the contracts refuse more
 * before any business is read and no balance holds a fraction of its minor unit (issue 22, rule 6).
 */
export const AMOUNT_DIGITS = Math.max(...Object.values(MINOR_UNIT_DIGITS));

const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative decimal string with at most `scale` places, as Big; null for anything else. */
export function readDecimal(value: unknown, scale: number): Big | null {
  if (typeof value !== 'string' || !DECIMAL.test(value)) return null;
  const fraction = value.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > scale) return null;
  return new Big(value);
}

/** A quantity: positive, at most QUANTITY_SCALE places. */
export function readQuantity(value: unknown): Big | null {
  const quantity = readDecimal(value, QUANTITY_SCALE);
  return quantity && quantity.gt(0) ? quantity : null;
}

export const moneyText = (value: Big.BigSource): string => new Big(value).toFixed(MONEY_SCALE, Big.roundHalfUp);

/** An amount as a person reads it in a message or the activity log: the currency's symbol and minor unit ("£45.94"). */
export const moneyShown = (value: Big.BigSource, currency: CurrencyCode): string =>
  formatMoney(new Big(value).toFixed(MINOR_UNIT_DIGITS[currency], Big.roundHalfUp), currency);
export const quantityText = (value: Big.BigSource): string => new Big(value).toFixed(QUANTITY_SCALE, Big.roundHalfUp);

/** Rounds a charge (price x quantity, quantity x (price - discount)) to the currency's minor unit. */
export function roundCharge(value: Big, currency: CurrencyCode): Big {
  return value.round(MINOR_UNIT_DIGITS[currency], Big.roundHalfUp);
}

/** Rounds a cost (quantity x unit cost) to MONEY_SCALE. */
export function roundCost(value: Big): Big {
  return value.round(MONEY_SCALE, Big.roundHalfUp);
}

export const sumDecimals = (values: Iterable<Big.BigSource>): Big => {
  let total = new Big(0);
  for (const value of values) total = total.plus(value);
  return total;
};

/**
 * An exact amount as a person reads and types it (issue 22, rule 6): the minor unit's places always
 * ("20.00"), more only when the amount has them ("0.125"), never the stored trailing zeros
 * ("7.9900" -> "7.99"). Exact: nothing is rounded.
 */
export function amountForPeople(value: string, places = AMOUNT_DIGITS): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(places, '0');
  return digits ? `${whole}.${digits}` : whole;
}
