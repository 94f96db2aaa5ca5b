import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import { moneyText, readDecimal, roundCharge, sumDecimals } from './money';

/**
 * Sales tax and VAT (issue 21, rule 2).
 *
 * A business either adds tax to its prices (sales-tax style: a $10.00 item at 8.25% costs the
 * customer $10.83) or includes it in them (VAT style: a £12.00 item at 20% holds £2.00 of VAT and
 * £10.00 net). The choice is the business's (`pricesIncludeTax`) and each invoice keeps the choice it
 * was sold under.
 *
 * A rate is a percent with at most TAX_RATE_SCALE places, from 0 to 100. Which rate a line takes:
 * the variant's own (a rate or exempt), else its item's, else the selling location's default, else
 * none (0%). The line keeps the rate's name and percent as they were at the sale.
 *
 * The one rounding rule: a line's tax is computed from its total (quantity x (price - discount),
 * already rounded to the minor unit: invoice-totals.ts) and rounded once, half away from zero, to
 * the currency's minor unit:
 * - added:    tax = round(total x rate / 100); the customer pays total + tax;
 * - included: tax = round(total x rate / (100 + rate)); the customer pays total, of which
 *             total - tax is net.
 * The invoice's totalTax is the exact sum of its lines' taxes, and its breakdown per rate is the
 * exact sum of the lines of that rate, so Σ breakdown = totalTax. A line's tax is non-decreasing in
 * its total, which is non-decreasing in its quantity, so a refund never raises what is owed; a
 * refund or a cancellation returns exactly tax before - tax after. With no rate (0%) every figure
 * is what it was without tax.
 */

/** Places a tax rate (a percent) may have: 8.875% and 7.25% are real rates. */
export const TAX_RATE_SCALE = 4;

/** A line's tax terms: the rate it takes (percent), or none. */
export interface LineTaxRate {
  /** The rate's id when it came from one (kept on the line for the tax report). */
  readonly id: string | null;
  readonly name: string | null;
  /** Percent, e.g. "20" or "8.875"; "0" for none or exempt. */
  readonly rate: string;
}

export const NO_TAX: LineTaxRate = { id: null, name: null, rate: '0' };

/** A rate as a person types it: a number from 0 to 100 with at most TAX_RATE_SCALE places; null otherwise. */
export function readTaxRate(value: unknown): Big | null {
  const rate = readDecimal(typeof value === 'number' ? String(value) : value, TAX_RATE_SCALE);
  return rate && rate.lte(100) ? rate : null;
}

/** A line's tax from its total (rounded to the minor unit; see the file comment). */
export function lineTax(total: Big.BigSource, rate: Big.BigSource, pricesIncludeTax: boolean, currency: CurrencyCode): Big {
  const percent = new Big(rate);
  if (percent.eq(0)) return new Big(0);
  const amount = new Big(total);
  const tax = pricesIncludeTax ? amount.times(percent).div(percent.plus(100)) : amount.times(percent).div(100);
  return roundCharge(tax, currency);
}

/** An item's or variant's own tax choice: a rate, exempt, or neither (take the next one's). */
export interface TaxChoice {
  readonly taxRateId: string | null;
  readonly taxExempt: boolean;
}

export interface KnownTaxRate {
  readonly id: string;
  readonly name: string;
  readonly rate: string;
}

/**
 * The rate a line takes: the variant's own choice, else its item's, else the location's default,
 * else none. `rates` are the business's rates by id (a choice naming an unknown one is none).
 */
export function saleTaxRate(
  choices: { readonly own: TaxChoice; readonly parent?: TaxChoice | null; readonly locationDefault: string | null },
  rates: ReadonlyMap<string, KnownTaxRate>,
): LineTaxRate {
  const chosen = (id: string | null): LineTaxRate => {
    const found = id ? rates.get(id) : undefined;
    return found ? { id: found.id, name: found.name, rate: found.rate } : NO_TAX;
  };
  for (const choice of [choices.own, choices.parent]) {
    if (!choice) continue;
    if (choice.taxExempt) return NO_TAX;
    if (choice.taxRateId) return chosen(choice.taxRateId);
  }
  return chosen(choices.locationDefault);
}

export interface TaxedLine {
  readonly taxName: string | null;
  readonly taxRate: string;
  /** The line's total (quantity x (price - discount), to the minor unit). */
  readonly total: string;
  readonly tax: string;
}

export interface TaxBreakdownRow {
  readonly name: string;
  readonly rate: string;
  /** Σ the lines' net amounts at this rate (their totals, less the tax when prices include it). */
  readonly taxable: string;
  readonly tax: string;
}

/**
 * The invoice's tax per rate: lines of the same name and percent together, in the order first
 * seen; lines without tax (0%) are left out. Σ tax = the invoice's totalTax exactly.
 */
export function taxBreakdown(lines: readonly TaxedLine[], pricesIncludeTax: boolean): TaxBreakdownRow[] {
  const rows = new Map<string, { name: string; rate: string; taxable: Big[]; tax: Big[] }>();
  for (const line of lines) {
    if (new Big(line.taxRate).eq(0)) continue;
    const name = line.taxName ?? `${new Big(line.taxRate).toString()}%`;
    const key = `${name}\u0000${new Big(line.taxRate).toString()}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { name, rate: new Big(line.taxRate).toString(), taxable: [], tax: [] }));
    row.taxable.push(pricesIncludeTax ? new Big(line.total).minus(line.tax) : new Big(line.total));
    row.tax.push(new Big(line.tax));
  }
  return [...rows.values()].map((row) => ({ name: row.name, rate: row.rate, taxable: moneyText(sumDecimals(row.taxable)), tax: moneyText(sumDecimals(row.tax)) }));
}

/** A rate as a person reads it: "20%", "8.875%". */
export const taxRateShown = (rate: Big.BigSource): string => `${new Big(rate).toString()}%`;

/** A tax row's label wherever a person reads an invoice: "State tax 8.25%", or "Includes VAT 20%" when prices include it. */
export const taxLabel = (row: { readonly name: string; readonly rate: Big.BigSource }, pricesIncludeTax: boolean): string =>
  `${pricesIncludeTax ? 'Includes ' : ''}${row.name} ${taxRateShown(row.rate)}`;

/**
 * An invoice's totals as rows to read, in order: Subtotal, Discount, the tax added per rate, Grand
 * total, then the tax included per rate (VAT style). What follows the grand total (paid, change) is
 * the caller's.
 */
export function totalsWithTax(
  invoice: { readonly totalAmount: string; readonly totalDiscount: string; readonly grandTotal: string; readonly pricesIncludeTax: boolean; readonly taxes: readonly { name: string; rate: string; tax: string }[] },
): [string, string][] {
  const taxes = invoice.taxes.map((row): [string, string] => [taxLabel(row, invoice.pricesIncludeTax), row.tax]);
  return [
    ['Subtotal', invoice.totalAmount],
    ['Discount', invoice.totalDiscount],
    ...(invoice.pricesIncludeTax ? [] : taxes),
    ['Grand total', invoice.grandTotal],
    ...(invoice.pricesIncludeTax ? taxes : []),
  ];
}

/** A rate as a choice names it: "VAT (20%)", "State tax (8.875%)". */
export const taxRateNamed = (rate: { readonly name: string; readonly rate: Big.BigSource }): string => `${rate.name} (${taxRateShown(rate.rate)})`;
