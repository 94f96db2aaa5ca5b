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

/** What every receipt shares: its width, its amounts, its heading (the business and where) and its footers. */
function receiptSheet(business: ReceiptBusiness, options: ReceiptOptions) {
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
  const row = (left: string, right: string) => out.push(...spread(left, right, width));
  const heading = () => {
    const location = options.location;
    centred(business.businessName);
    if (location?.name.trim() && location.name.trim() !== business.businessName.trim()) centred(location.name);
    const address = location?.address.trim() || business.businessAddress.trim();
    if (address) centred(address);
    const phone = location?.contactNumber.trim() || business.contactNumber.trim();
    if (phone) centred(`Tel ${phone}`);
    out.push(rule);
  };
  const itemName = (line: Pick<ReceiptLine, 'itemName' | 'variantName'>) => {
    const name = line.variantName ? `${line.itemName} (${line.variantName})` : line.itemName;
    for (const part of wrap(name, width)) out.push(part.padEnd(width));
  };
  const footers = () => {
    const texts = [business.printer.footer1, business.printer.footer2].filter((text) => text.trim());
    if (texts.length > 0) {
      out.push(rule);
      for (const footer of texts) centred(footer);
    }
  };
  return { width, amount, negative, rule, out, centred, row, heading, itemName, footers, calendar: receiptCalendar(options) };
}

/** The receipt's lines, each exactly `business.printer.width` characters. */
export function receiptLines(invoice: ReceiptInvoice, business: ReceiptBusiness, options: ReceiptOptions = {}): string[] {
  const { amount, negative, rule, out, centred, row, heading, itemName, footers, calendar } = receiptSheet(business, options);
  heading();
  row(`Invoice #${invoice.invoiceNumber}`, dateTimeShown(invoice.createdAt, calendar));
  const cashier = `${invoice.user.firstName} ${invoice.user.lastName}`.trim();
  if (cashier) row('Served by', cashier);
  if (invoice.customer) row('Customer', `${invoice.customer.firstName} ${invoice.customer.lastName}`.trim());
  if (invoice.deletedAt) centred('CANCELLED');
  out.push(rule);
  for (const line of invoice.items) {
    itemName(line);
    const gross = new Big(line.quantity).times(line.price);
    row(`  ${quantityShown(line.quantity)} x ${amount(line.price)}`, amount(gross));
    if (new Big(line.discount).gt(0)) row(`  less ${amount(line.discount)} each`, negative(gross.minus(line.total).toString()));
  }
  out.push(rule);
  row('Subtotal', amount(invoice.totalAmount));
  if (new Big(invoice.totalDiscount).gt(0)) row('Discount', negative(invoice.totalDiscount));
  if (!invoice.pricesIncludeTax) for (const tax of invoice.taxes) row(taxLabel(tax, invoice.pricesIncludeTax), amount(tax.tax));
  row('TOTAL', amount(invoice.grandTotal));
  if (invoice.pricesIncludeTax) for (const tax of invoice.taxes) row(taxLabel(tax, invoice.pricesIncludeTax), amount(tax.tax));
  let received = new Big(0);
  for (const payment of invoice.payments) {
    received = received.plus(payment.amount);
    row(PAYMENT_METHOD_LABELS[payment.paymentMethod], amount(payment.amount));
    if (payment.tendered) {
      row('  Tendered', amount(payment.tendered));
      row('  Change', amount(payment.change ?? '0'));
    }
  }
  const paidBack = received.minus(invoice.paidAmount);
  if (paidBack.gt(0)) row('Paid back', negative(paidBack.toString()));
  row('Paid', amount(invoice.paidAmount));
  if (new Big(invoice.outstanding).gt(0)) {
    row('Outstanding', amount(invoice.outstanding));
    if (invoice.paymentDueDate) row('Due', dateShown(invoice.paymentDueDate, calendar));
  }
  footers();
  return out;
}

/**
 * A test receipt (issue 24: the getting-started list's "Print a test receipt"): the heading and
 * footers the business's receipts print, at the printer's width, around a line that says it is a
 * test and a ruler of the width, so a shop sees that its printer prints it all and nothing wraps.
 * It sells nothing.
 */
export function testReceiptLines(business: ReceiptBusiness, printedAt: string, printedBy: { readonly firstName: string; readonly lastName: string }, options: ReceiptOptions = {}): string[] {
  const { width, amount, rule, out, centred, row, heading, footers, calendar } = receiptSheet(business, options);
  heading();
  centred('TEST RECEIPT');
  row('Printed', dateTimeShown(printedAt, calendar));
  const by = `${printedBy.firstName} ${printedBy.lastName}`.trim();
  if (by) row('By', by);
  out.push(rule);
  row('Printer width', `${width} characters`);
  out.push(Array.from({ length: width }, (_, index) => String((index + 1) % 10)).join(''));
  row('An amount', amount('1234.5'));
  out.push(rule);
  centred('Nothing was sold.');
  footers();
  return out;
}

// ---- Credit notes -------------------------------------------------------------------------------

/** A line a credit note takes back, with the tax rate its invoice line was sold at (null: none, or not known). */
export interface ReceiptCreditNoteLine extends ReceiptLine {
  readonly tax: string;
  readonly taxName: string | null;
  readonly taxRate: string | null;
}

/** A credit note (issue 22, rule 1) as its receipt prints it, with what it needs of its invoice. */
export interface ReceiptCreditNote {
  readonly creditNoteNumber: number;
  readonly invoiceNumber: number;
  readonly createdAt: string;
  readonly items: readonly ReceiptCreditNoteLine[];
  readonly totalTax: string;
  readonly grandTotal: string;
  readonly amountPaidBack: string;
  /** How it was paid back; null: the ways the money came in. */
  readonly paymentMethod: PaymentMethod | null;
  /** The invoice's: tax within its prices (shown after the value) or added to them (before it). */
  readonly pricesIncludeTax: boolean;
  readonly customer: { readonly firstName: string; readonly lastName: string } | null;
  /** Who made the refund. */
  readonly user: { readonly firstName: string; readonly lastName: string };
}

/** The credit note and the invoice it belongs to, as the API sends them: joins each line to its invoice line's tax rate. */
export function receiptCreditNote(
  note: Omit<ReceiptCreditNote, 'items' | 'pricesIncludeTax' | 'customer'> & { readonly items: readonly (ReceiptLine & { readonly lineID: string; readonly tax: string })[] },
  invoice: Pick<ReceiptCreditNote, 'pricesIncludeTax' | 'customer'> & { readonly items: readonly { readonly _id: string; readonly taxName: string | null; readonly taxRate: string }[] },
): ReceiptCreditNote {
  return {
    creditNoteNumber: note.creditNoteNumber,
    invoiceNumber: note.invoiceNumber,
    createdAt: note.createdAt,
    totalTax: note.totalTax,
    grandTotal: note.grandTotal,
    amountPaidBack: note.amountPaidBack,
    paymentMethod: note.paymentMethod,
    user: note.user,
    pricesIncludeTax: invoice.pricesIncludeTax,
    customer: invoice.customer,
    items: note.items.map((line) => {
      const sold = invoice.items.find((one) => one._id === line.lineID);
      return {
        itemName: line.itemName,
        variantName: line.variantName,
        quantity: line.quantity,
        price: line.price,
        discount: line.discount,
        total: line.total,
        tax: line.tax,
        taxName: sold?.taxName ?? null,
        taxRate: sold?.taxName ? sold.taxRate : null,
      };
    }),
  };
}

/** The tax a credit note takes back, per rate its lines were sold at; one "Tax" row when a rate is not known. */
function creditNoteTaxes(note: ReceiptCreditNote): { label: string; tax: Big }[] {
  if (new Big(note.totalTax).eq(0)) return [];
  const rows = new Map<string, { label: string; tax: Big }>();
  for (const line of note.items) {
    if (new Big(line.tax).eq(0)) continue;
    if (line.taxName === null || line.taxRate === null) return [{ label: note.pricesIncludeTax ? 'Includes tax' : 'Tax', tax: new Big(note.totalTax) }];
    const label = taxLabel({ name: line.taxName, rate: line.taxRate }, note.pricesIncludeTax);
    const row = rows.get(label) ?? { label, tax: new Big(0) };
    rows.set(label, { label, tax: row.tax.plus(line.tax) });
  }
  const listed = [...rows.values()];
  const sum = listed.reduce((total, row) => total.plus(row.tax), new Big(0));
  // The lines' tax adds up to the note's; should it not, the note's own figure is the one printed.
  return sum.eq(note.totalTax) ? listed : [{ label: note.pricesIncludeTax ? 'Includes tax' : 'Tax', tax: new Big(note.totalTax) }];
}

/**
 * A credit note's receipt, laid out as the sale's (same width, heading, dates and amounts): its
 * number and date, the invoice it refunds, the lines taken back, the tax in them, its value and
 * the money paid back (the rest of the value came off what the customer owed).
 */
export function creditNoteReceiptLines(note: ReceiptCreditNote, business: ReceiptBusiness, options: ReceiptOptions = {}): string[] {
  const { amount, rule, out, row, heading, itemName, footers, calendar } = receiptSheet(business, options);
  heading();
  row(`Credit note #${note.creditNoteNumber}`, dateTimeShown(note.createdAt, calendar));
  row(`For invoice #${note.invoiceNumber}`, '');
  const by = `${note.user.firstName} ${note.user.lastName}`.trim();
  if (by) row('Refunded by', by);
  if (note.customer) row('Customer', `${note.customer.firstName} ${note.customer.lastName}`.trim());
  out.push(rule);
  for (const line of note.items) {
    itemName(line);
    const each = new Big(line.discount).gt(0) ? `${amount(line.price)} less ${amount(line.discount)}` : amount(line.price);
    row(`  ${quantityShown(line.quantity)} x ${each}`, amount(line.total));
  }
  out.push(rule);
  const taxes = creditNoteTaxes(note);
  if (!note.pricesIncludeTax) for (const tax of taxes) row(tax.label, amount(tax.tax));
  row('Value', amount(note.grandTotal));
  if (note.pricesIncludeTax) for (const tax of taxes) row(tax.label, amount(tax.tax));
  row(note.paymentMethod ? `Paid back (${PAYMENT_METHOD_LABELS[note.paymentMethod]})` : 'Paid back', amount(note.amountPaidBack));
  const offBalance = new Big(note.grandTotal).minus(note.amountPaidBack);
  if (offBalance.gt(0)) row('Off the balance owed', amount(offBalance));
  footers();
  return out;
}
