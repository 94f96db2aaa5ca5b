import Big from 'big.js';
import type { CurrencyCode } from '../currency';
import { MONEY_SCALE, moneyText, quantityText, readDecimal, readQuantity, roundCharge, sumDecimals } from './money';
import type { SalesProblem } from './sales-problems';
import { lineTax } from './tax';

/**
 * Line and invoice arithmetic (specification, section 2 "Public invoice view" and section 3):
 * line total = price x quantity - quantity x discount (discount is per unit); totalAmount = Σ
 * price x quantity; totalDiscount = Σ quantity x discount; grand total = totalAmount -
 * totalDiscount; totalQuantity = Σ quantity; outstanding = grand total - paidAmount (null as 0);
 * totalCost = the cost of the stock drawn; netResult = grand total - totalCost.
 *
 * Rounding (see money.ts): a line's amount, price x quantity, and its total, quantity x (price -
 * discount), are each rounded once, half away from zero, to the currency's minor unit; its
 * discount is amount - total. Rounding the total itself (rather than the two products apart) keeps
 * it non-decreasing in the quantity, so a refund never raises what a customer owes; it can differ
 * from a separately rounded quantity x discount by one minor unit when quantities have fractions.
 * The totals are exact sums of the rounded line figures, so grand total = Σ line totals always.
 *
 * Tax (tax.ts): each line's tax comes from its total, rounded once per line; totalTax = Σ line
 * taxes. When tax is added to prices, grand total = Σ line totals + totalTax; when prices include
 * it, grand total = Σ line totals (each holds its tax). netResult = grand total - totalTax -
 * totalCost: tax is owed, not earned. With no rate on any line, totalTax is 0 and every figure is
 * the specification's.
 */

export interface LinePricing {
  /** Quantity sold (or, after refunds, still sold). */
  readonly quantity: string;
  /** Price per unit. */
  readonly price: string;
  /** Discount per unit. */
  readonly discount: string;
  /** The line's tax rate in percent (none: 0). */
  readonly taxRate?: string;
}

export interface LineAmounts {
  /** price x quantity, rounded to the minor unit. */
  readonly amount: string;
  /** amount - total: quantity x discount, to the minor unit. */
  readonly discount: string;
  /** quantity x (price - discount), rounded to the minor unit. */
  readonly total: string;
  /** The line's tax (tax.ts), to the minor unit: on top of total, or within it when prices include tax. */
  readonly tax: string;
}

export interface TotalsLine extends LinePricing {
  /** Cost of the stock this line still holds (see batch-draw.ts, drawsCost). */
  readonly cost: string;
}

export interface InvoiceTotals {
  readonly totalAmount: string;
  readonly totalDiscount: string;
  /** Σ the lines' tax. */
  readonly totalTax: string;
  readonly grandTotal: string;
  readonly totalQuantity: string;
  readonly paidAmount: string;
  readonly outstanding: string;
  readonly totalCost: string;
  readonly netResult: string;
}

function charges(line: LinePricing, currency: CurrencyCode, pricesIncludeTax: boolean): { amount: Big; discount: Big; tax: Big } {
  const quantity = new Big(line.quantity);
  const amount = roundCharge(quantity.times(line.price), currency);
  const total = roundCharge(quantity.times(new Big(line.price).minus(line.discount)), currency);
  return { amount, discount: amount.minus(total), tax: lineTax(total, line.taxRate ?? 0, pricesIncludeTax, currency) };
}

export function lineAmounts(line: LinePricing, currency: CurrencyCode, pricesIncludeTax = false): LineAmounts {
  const { amount, discount, tax } = charges(line, currency, pricesIncludeTax);
  return { amount: moneyText(amount), discount: moneyText(discount), total: moneyText(amount.minus(discount)), tax: moneyText(tax) };
}

export function invoiceTotals(lines: readonly TotalsLine[], paidAmount: string | null, currency: CurrencyCode, pricesIncludeTax = false): InvoiceTotals {
  const each = lines.map((line) => charges(line, currency, pricesIncludeTax));
  const totalAmount = sumDecimals(each.map((line) => line.amount));
  const totalDiscount = sumDecimals(each.map((line) => line.discount));
  const totalTax = sumDecimals(each.map((line) => line.tax));
  const grandTotal = totalAmount.minus(totalDiscount).plus(pricesIncludeTax ? 0 : totalTax);
  const totalCost = sumDecimals(lines.map((line) => line.cost));
  const paid = new Big(paidAmount ?? 0);
  return {
    totalAmount: moneyText(totalAmount),
    totalDiscount: moneyText(totalDiscount),
    totalTax: moneyText(totalTax),
    grandTotal: moneyText(grandTotal),
    totalQuantity: quantityText(sumDecimals(lines.map((line) => line.quantity))),
    paidAmount: moneyText(paid),
    outstanding: moneyText(grandTotal.minus(paid)),
    totalCost: moneyText(totalCost),
    netResult: moneyText(grandTotal.minus(totalTax).minus(totalCost)),
  };
}

/**
 * Why a line's quantity, price or discount cannot be sold, or null. `field` is the line's path in
 * the request (e.g. "items.0"). The discount is per unit and never above the price, so no line
 * total is negative.
 */
export function linePricingProblem(line: LinePricing, field: string): SalesProblem | null {
  if (!readQuantity(line.quantity)) {
    return { code: 'INVALID_QUANTITY', field: `${field}.quantity`, message: 'Quantity must be a positive number with at most 3 decimal places.' };
  }
  const price = readDecimal(line.price, MONEY_SCALE);
  if (!price) return { code: 'INVALID_AMOUNT', field: `${field}.price`, message: `Price must be a number of at least 0 with at most ${MONEY_SCALE} decimal places.` };
  const discount = readDecimal(line.discount, MONEY_SCALE);
  if (!discount) return { code: 'INVALID_AMOUNT', field: `${field}.discount`, message: `Discount must be a number of at least 0 with at most ${MONEY_SCALE} decimal places.` };
  if (discount.gt(price)) return { code: 'INVALID_AMOUNT', field: `${field}.discount`, message: 'Discount per unit cannot be more than the price.' };
  return null;
}
