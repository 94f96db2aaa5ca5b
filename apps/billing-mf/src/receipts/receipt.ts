import Big from 'big.js';
import { dateShown, dateTimeShown, formatMoney, MINOR_UNIT_DIGITS, PAYMENT_METHOD_LABELS, taxLabel, type BusinessCalendar, type CurrencyCode, type PaymentMethod } from '@stockbook/domain';

/**
 * A receipt for a monospace printer (issue 14 point 14): every line exactly `width` characters
 * (a receipt printer has no margin to spare and a short line would shift the next). Pure: the
 * invoice and the business's settings in, lines of text out; the screen prints them.
 */

export interface ReceiptLine {
  readonly itemName: string;
  /** A variant's name ("Large / Red"); null for a simple item. */
  readonly variantName: string | null;
  readonly quantity: string;
  readonly price: string;
  /** Per unit. */
  readonly discount: string;
  /** quantity x (price - discount), as the API computed it. */
  readonly total: string;
}

export interface ReceiptInvoice {
  readonly invoiceNumber: number;
  readonly createdAt: string;
  readonly items: readonly ReceiptLine[];
  readonly totalAmount: string;
  readonly totalDiscount: string;
  readonly grandTotal: string;
  /** Tax per rate: added before the total, or (prices including it) shown as included after it. */
  readonly pricesIncludeTax: boolean;
  readonly taxes: readonly { readonly name: string; readonly rate: string; readonly tax: string }[];
  readonly paidAmount: string;
  readonly outstanding: string;
  readonly paymentMethod: PaymentMethod;
  readonly paymentDueDate: string | null;
  readonly customer: { readonly firstName: string; readonly lastName: string } | null;
  /** The cashier who made the sale. */
  readonly user: { readonly firstName: string; readonly lastName: string };
  /** Every payment, oldest first; cash with what was tendered and the change. */
  readonly payments: readonly { readonly paymentMethod: PaymentMethod; readonly amount: string; readonly tendered: string | null; readonly change: string | null }[];
  readonly deletedAt: string | null;
}

/** Where the sale was made: the receipt's heading names it, with its own address and phone when it has them. */
export interface ReceiptLocation {
  readonly name: string;
  readonly address: string;
  readonly contactNumber: string;
}

export interface ReceiptBusiness {
  readonly businessName: string;
  readonly businessAddress: string;
  readonly contactNumber: string;
  readonly currency: CurrencyCode;
  readonly printer: { readonly width: number; readonly footer1: string; readonly footer2: string; readonly printCurrency: boolean };
}

/** Dates on the receipt: in the business's locale and time zone (en-GB and the till's own zone when left out). */
export interface ReceiptOptions {
  readonly timeZone?: string;
  readonly locale?: string;
  /** The selling location; its address and phone stand for the business's when it has them. */
  readonly location?: ReceiptLocation | null;
}

/** Splits text into pieces of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (rest.length > width) {
        if (line) lines.push(line);
        line = '';
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line = `${line} ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

const center = (text: string, width: number) => {
  const left = Math.floor((width - text.length) / 2);
  return (' '.repeat(Math.max(0, left)) + text).padEnd(width);
};

/** `left` and `right` on one line of `width`, the right flush; a left too long for both wraps above it. */
function spread(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [left + ' '.repeat(width - left.length - right.length) + right];
  const lines = wrap(left, width);
  const last = lines.at(-1) ?? '';
  if (last.length + 1 + right.length <= width) return [...lines.slice(0, -1).map((line) => line.padEnd(width)), last + ' '.repeat(width - last.length - right.length) + right];
  return [...lines.map((line) => line.padEnd(width)), right.padStart(width).slice(-width)];
}

function quantityShown(quantity: string): string {
  return new Big(quantity).toString();
}

const receiptCalendar = (options: ReceiptOptions): BusinessCalendar => ({
  locale: options.locale ?? 'en-GB',
  timeZone: options.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
});

/** The receipt's lines, each exactly `business.printer.width` characters. */
export function receiptLines(invoice: ReceiptInvoice, business: ReceiptBusiness, options: ReceiptOptions = {}): string[] {
  const width = business.printer.width;
  const digits = MINOR_UNIT_DIGITS[business.currency];
  const amount = (value: string | Big) => {
    const text = new Big(value).toFixed(digits, Big.roundHalfUp);
    return business.printer.printCurrency ? formatMoney(text, business.currency) : text;
  };
  const negative = (value: string) => (new Big(value).eq(0) ? amount(value) : amount(new Big(value).neg()));
  const rule = '-'.repeat(width);
  const out: string[] = [];
  const centred = (text: string) => {
    for (const line of wrap(text, width)) out.push(center(line, width));
  };

  const location = options.location;
  centred(business.businessName);
  if (location?.name.trim() && location.name.trim() !== business.businessName.trim()) centred(location.name);
  const address = location?.address.trim() || business.businessAddress.trim();
  if (address) centred(address);
  const phone = location?.contactNumber.trim() || business.contactNumber.trim();
  if (phone) centred(`Tel ${phone}`);
  out.push(rule);
  out.push(...spread(`Invoice #${invoice.invoiceNumber}`, dateTimeShown(invoice.createdAt, receiptCalendar(options)), width));
  const cashier = `${invoice.user.firstName} ${invoice.user.lastName}`.trim();
  if (cashier) out.push(...spread('Served by', cashier, width));
  if (invoice.customer) out.push(...spread('Customer', `${invoice.customer.firstName} ${invoice.customer.lastName}`.trim(), width));
  if (invoice.deletedAt) centred('CANCELLED');
  out.push(rule);
  for (const line of invoice.items) {
    const name = line.variantName ? `${line.itemName} (${line.variantName})` : line.itemName;
    for (const part of wrap(name, width)) out.push(part.padEnd(width));
    const gross = new Big(line.quantity).times(line.price);
    out.push(...spread(`  ${quantityShown(line.quantity)} x ${amount(line.price)}`, amount(gross), width));
    if (new Big(line.discount).gt(0)) {
      out.push(...spread(`  less ${amount(line.discount)} each`, negative(gross.minus(line.total).toString()), width));
    }
  }
  out.push(rule);
  out.push(...spread('Subtotal', amount(invoice.totalAmount), width));
  if (new Big(invoice.totalDiscount).gt(0)) out.push(...spread('Discount', negative(invoice.totalDiscount), width));
  const taxes = invoice.taxes.flatMap((row) => spread(taxLabel(row, invoice.pricesIncludeTax), amount(row.tax), width));
  if (!invoice.pricesIncludeTax) out.push(...taxes);
  out.push(...spread('TOTAL', amount(invoice.grandTotal), width));
  if (invoice.pricesIncludeTax) out.push(...taxes);
  let received = new Big(0);
  for (const payment of invoice.payments) {
    received = received.plus(payment.amount);
    out.push(...spread(PAYMENT_METHOD_LABELS[payment.paymentMethod], amount(payment.amount), width));
    if (payment.tendered) {
      out.push(...spread('  Tendered', amount(payment.tendered), width));
      out.push(...spread('  Change', amount(payment.change ?? '0'), width));
    }
  }
  const paidBack = received.minus(invoice.paidAmount);
  if (paidBack.gt(0)) out.push(...spread('Paid back', negative(paidBack.toString()), width));
  out.push(...spread('Paid', amount(invoice.paidAmount), width));
  if (new Big(invoice.outstanding).gt(0)) {
    out.push(...spread('Outstanding', amount(invoice.outstanding), width));
    if (invoice.paymentDueDate) out.push(...spread('Due', dateShown(invoice.paymentDueDate, receiptCalendar(options)), width));
  }
  const footers = [business.printer.footer1, business.printer.footer2].filter((text) => text.trim());
  if (footers.length > 0) {
    out.push(rule);
    for (const footer of footers) centred(footer);
  }
  return out;
}
