import {
  amountForPeople,
  cartDiscountAmount,
  invoiceTotals,
  lineAmounts,
  linePricingProblem,
  saleTaxRate,
  spreadCartDiscount,
  taxBreakdown,
  unitDiscount,
  type CurrencyCode,
  type KnownTaxRate,
  type LineTaxRate,
  type ValuationMethod,
} from '@stockbook/domain';
import type { CreateInvoiceRequest, Item, TaxRate, Variant } from '@stockbook/contracts';

/** One line of the sale being made. */
export interface SaleLine {
  readonly key: string;
  /** The item found (a variant item's parent with its variants, or a simple item). */
  readonly item: Item;
  /** The chosen variant of a variant item; null for a simple item or before one is chosen. */
  readonly variantId: string | null;
  readonly quantity: string;
  readonly price: string;
  /** Per unit, as typed: an amount, or a percent of the price ("10%"). */
  readonly discount: string;
  /** Used only when the business values stock with SELECT. */
  readonly method: ValuationMethod;
}

/** What the line sells: the simple item or its chosen variant (none yet for a variant item). */
export function soldEntity(line: Pick<SaleLine, 'item' | 'variantId'>): Item | Variant | null {
  if (line.item.simpleItem) return line.item;
  return line.item.subItems.find((variant) => variant._id === line.variantId) ?? null;
}

/** Stock on hand of an item or variant at a location ('0' when it has none there). */
export function onHandAt(entity: Pick<Item, 'locationData'>, locationId: string | undefined): string {
  if (!locationId) return '0';
  return entity.locationData.find((data) => data.locationID === locationId)?.totalQuantity ?? '0';
}

/** A quantity as people read it: "2" rather than "2.000". */
export const quantityShown = (quantity: string) => quantity.replace(/\.?0+$/, '') || '0';

/** A price as the cashier reads and edits it: the stored 4 places without the zeros past the minor unit ("7.9900" -> "7.99", "0.1250" -> "0.125"). */
export const priceForInput = (price: string) => amountForPeople(price);

/** A found item's line: quantity 1 at its price; a variant picked when the search named one (its SKU or barcode). */
export function newLine(item: Item, key: string, method: ValuationMethod, variant?: Variant): SaleLine {
  const only = !item.simpleItem && item.subItems.length === 1 ? item.subItems[0] : undefined;
  const chosen = variant ?? only;
  return { key, item, variantId: chosen?._id ?? null, quantity: '1', price: priceForInput(chosen?.price ?? item.price), discount: '0', method };
}

/** The variant whose SKU or barcode is exactly what was typed or scanned. */
export function variantNamed(item: Item, text: string): Variant | undefined {
  const wanted = text.trim();
  return item.subItems.find((variant) => variant.barcode === wanted || variant.sku === wanted);
}

/** Whether the item itself (or one of its variants) carries exactly this SKU or barcode. */
export function exactCode(item: Item, text: string): boolean {
  const wanted = text.trim();
  return item.barcode === wanted || item.sku === wanted || variantNamed(item, wanted) !== undefined;
}

/** The line's own discount per unit (a percent worked out), or null while it cannot be read. */
const ownDiscount = (line: SaleLine) => unitDiscount(line.discount, line.price.trim());

const isPriced = (line: SaleLine) => {
  const discount = ownDiscount(line);
  return discount !== null && linePricingProblem({ quantity: line.quantity.trim(), price: line.price.trim(), discount }, 'line') === null;
};

export interface PricedSale {
  /** Each priced line's discount per unit to send (its own plus its share of the cart discount), by key. */
  readonly discounts: Readonly<Record<string, string>>;
  /** The cart discount asked in money (null: it cannot be read) and given (spread over the lines). */
  readonly cart: { readonly asked: string | null; readonly given: string };
}

/** The lines' discounts per unit once the cart discount (an amount or a percent, spreadCartDiscount's rule) is spread over them. */
export function priceSale(lines: readonly SaleLine[], cartDiscount: string, currency: CurrencyCode): PricedSale {
  const priced = lines.filter(isPriced).map((line) => ({ key: line.key, quantity: line.quantity.trim(), price: line.price.trim(), discount: ownDiscount(line)! }));
  const base = invoiceTotals(priced.map((line) => ({ ...line, cost: '0' })), null, currency).grandTotal;
  const asked = cartDiscountAmount(cartDiscount, base, currency);
  const spread = spreadCartDiscount(priced, asked ?? '0', currency);
  return { discounts: Object.fromEntries(priced.map((line, index) => [line.key, spread.discounts[index]!])), cart: { asked, given: spread.given } };
}

/** How the sale's lines are taxed: the business's style and each line's rate (as the API will take it: saleTaxRate). */
export interface SaleTax {
  readonly pricesIncludeTax: boolean;
  readonly rateOf: (line: SaleLine) => LineTaxRate;
}

/** The sale's tax terms: each line's rate from its variant's, item's or the location's choice, the domain's rule. */
export function saleTax(rates: readonly TaxRate[], locationDefault: string | null, pricesIncludeTax: boolean): SaleTax {
  const known = new Map<string, KnownTaxRate>(rates.map((rate) => [rate._id, { id: rate._id, name: rate.name, rate: rate.rate }]));
  return {
    pricesIncludeTax,
    rateOf: (line) => {
      const sold = soldEntity(line) ?? line.item;
      const own = { taxRateId: sold.taxRateID, taxExempt: sold.taxExempt };
      const parent = sold === line.item ? null : { taxRateId: line.item.taxRateID, taxExempt: line.item.taxExempt };
      return saleTaxRate({ own, parent, locationDefault }, known);
    },
  };
}

const NO_SALE_TAX: SaleTax = { pricesIncludeTax: false, rateOf: () => ({ id: null, name: null, rate: '0' }) };

/**
 * The live totals (the domain's arithmetic) over the lines that can be priced; paid in full when no
 * amount is typed. `taxes` is the tax per rate, as the invoice will show it.
 */
export function saleTotals(lines: readonly SaleLine[], paid: string, currency: CurrencyCode, discounts?: PricedSale['discounts'], tax: SaleTax = NO_SALE_TAX) {
  const priced = lines.filter(isPriced).map((line) => {
    const rate = tax.rateOf(line);
    return { quantity: line.quantity.trim(), price: line.price.trim(), discount: discounts?.[line.key] ?? ownDiscount(line)!, cost: '0', taxRate: rate.rate, taxName: rate.name };
  });
  const full = invoiceTotals(priced, null, currency, tax.pricesIncludeTax);
  const totals = invoiceTotals(priced, paid.trim() === '' ? full.grandTotal : paid.trim(), currency, tax.pricesIncludeTax);
  const taxes = taxBreakdown(
    priced.map((line) => ({ ...line, ...lineAmounts(line, currency, tax.pricesIncludeTax) })),
    tax.pricesIncludeTax,
  );
  return { ...totals, taxes, pricesIncludeTax: tax.pricesIncludeTax };
}

/** A line's total as the invoice will show it (with its share of a cart discount when given), or null while its figures cannot be priced. */
export function lineTotal(line: SaleLine, currency: CurrencyCode, discount?: string): string | null {
  return isPriced(line) ? lineAmounts({ quantity: line.quantity.trim(), price: line.price.trim(), discount: discount ?? ownDiscount(line)! }, currency).total : null;
}

/** Whether a decimal string is above zero. */
export const positive = (amount: string) => !amount.trim().startsWith('-') && /[1-9]/.test(amount);

export interface SalePayment {
  /** The first payment's method, or Credit when nothing is received now. */
  readonly paymentMethod: CreateInvoiceRequest['paymentMethod'];
  /** Each payment taken now (none on Credit). */
  readonly payments: NonNullable<CreateInvoiceRequest['payments']>;
  /** ISO date-time, when not paid in full. */
  readonly paymentDueDate: string | null;
}

/** The request the sale sends. */
export function saleRequest(input: {
  locationID: string;
  customer: string | null;
  lines: readonly SaleLine[];
  selectMethod: boolean;
  payment: SalePayment;
  /** Discounts per unit by line key (priceSale); a line without one sends what was typed. */
  discounts?: PricedSale['discounts'];
}): CreateInvoiceRequest {
  return {
    locationID: input.locationID,
    customer: input.customer,
    items: input.lines.map((line) => ({
      itemID: soldEntity(line)?._id ?? line.item._id,
      quantity: line.quantity.trim(),
      price: line.price.trim(),
      discount: input.discounts?.[line.key] ?? (line.discount.trim() || '0'),
      ...(input.selectMethod ? { stockValuationMethod: line.method } : {}),
    })),
    paymentMethod: input.payment.paymentMethod,
    payments: input.payment.payments,
    paymentDueDate: input.payment.paymentDueDate,
  };
}
