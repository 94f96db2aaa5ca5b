import Big from 'big.js';
import type { PublicInvoiceResponse } from '@stockbook/contracts';
import { formatMoney, lineAmounts, PAYMENT_METHOD_LABELS, taxLabel, type CurrencyCode } from '@stockbook/domain';

/**
 * What the public invoice page shows (specification, section 2 "Public invoice view"), worked out
 * from the public answer: pure, so its texts and formulas are tested without a browser.
 */

type PublicInvoice = PublicInvoiceResponse['invoice'];
type PublicBusiness = PublicInvoiceResponse['business'];

export const PUBLIC_INVOICE_TEXT = {
  noId: 'No Id provided!',
  loading: 'Loading Invoice',
  loadingTitle: 'Invoice Loading...',
  errorTitle: 'Error Occured!',
  errorText: 'Invalid Invoice ID, please check and try again!',
  paymentBy: 'Payment By',
  dueDateUnknown: 'Due Date - Not specified',
  settled: 'Invoice Settled',
  notSettled: 'Not Settled',
  /** A cancelled invoice's state: neither settled nor owed (issue 22, rule 2). */
  cancelledStatus: 'Cancelled',
  invoiceFor: 'Invoice For',
  cancelled: 'This invoice has been cancelled and is no longer valid.',
  thanks: 'Thank you for your business.',
  computerGenerated: 'This is a computer-generated document and is valid without sign or seal.',
} as const;

export const PUBLIC_INVOICE_COLUMNS = ['Item', 'Quantity', 'Price', 'Discount', 'Total'] as const;

/** Dates in en-GB, in the viewer's time zone (or `timeZone`, for tests). */
export const enGbDate = (iso: string, timeZone?: string) => new Intl.DateTimeFormat('en-GB', { timeZone }).format(new Date(iso));

/** A maps search for an address. */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** "Item", or "Item (Large / Red)": the variant's name is appended unless it is 'Default' (or none). */
export const publicItemName = (line: { itemName: string; variantName: string | null }) =>
  line.variantName && line.variantName !== 'Default' ? `${line.itemName} (${line.variantName})` : line.itemName;

const quantityShown = (quantity: string) => new Big(quantity).toString();

export interface PublicInvoiceView {
  readonly title: string;
  readonly date: string;
  readonly paymentBy: string;
  /** Only when not settled: 'Due Date - dd/mm/yyyy' or 'Due Date - Not specified'. */
  readonly dueDate: string | null;
  readonly status: string;
  readonly cancelled: boolean;
  readonly lines: readonly { name: string; quantity: string; price: string; discount: string; total: string }[];
  /** Summary lines in order (Outstanding Balance only when not settled). */
  readonly summary: readonly (readonly [label: string, value: string])[];
  /**
   * How many of the summary's lines are the invoice as sold (to its Grand Total and the tax in it):
   * the credit notes are listed after them, then the rest (Refunded, Net total, the balance).
   */
  readonly soldSummaryLength: number;
  /** Its credit notes (issue 22, rule 1), oldest first; none: the page is as it was before them. */
  readonly creditNotes: readonly { title: string; date: string; items: string; value: string; paidBack: string }[];
  /** Every payment received, oldest first: its method and date, the amount, and for cash what was tendered and the change. */
  readonly payments: readonly { method: string; date: string; amount: string; detail: string | null }[];
}

export function publicInvoiceView(invoice: PublicInvoice, business: PublicBusiness, timeZone?: string): PublicInvoiceView {
  const currency = business.currency as CurrencyCode;
  const money = (amount: Big.BigSource) => formatMoney(new Big(amount).toFixed(2, Big.roundHalfUp), currency);
  // The invoice as sold: its lines and figures before any credit note (the same as the net ones
  // until a refund). grandTotal is totalAmount - totalDiscount, plus the tax when it is added to prices.
  const sold = invoice.sold;
  const refunded = invoice.creditNotes.length > 0;
  // The net figures: what it sold less its credit notes; what is owed is owed on these.
  const grandTotal = new Big(invoice.grandTotal);
  const outstanding = grandTotal.minus(invoice.paidAmount ?? 0);
  const taxes = soldTaxes(invoice).map((row): [string, string] => [row.label, money(row.tax)]);
  const summary: [string, string][] = [
    ['Invoiced By', `${invoice.user.firstName} ${invoice.user.lastName}`.trim()],
    ['Subtotal', money(sold.totalAmount)],
    ['Total Quantity', quantityShown(sold.totalQuantity)],
    ['Total Discount', money(sold.totalDiscount)],
    ...(invoice.pricesIncludeTax ? [] : taxes),
    ['Grand Total', money(sold.grandTotal)],
    ...(invoice.pricesIncludeTax ? taxes : []),
  ];
  const soldSummaryLength = summary.length;
  if (refunded) {
    const value = invoice.creditNotes.reduce((sum, note) => sum.plus(note.grandTotal), new Big(0));
    summary.push(['Refunded', money(value.neg())], ['Net total', money(grandTotal)]);
  }
  const cancelled = invoice.deletedAt !== null;
  // Cancelled: every payment received was given back (by refunds, then the cancellation).
  const received = invoice.payments.reduce((sum, payment) => sum.plus(payment.amount), new Big(0));
  if (cancelled) summary.push(['Received', money(received)], ['Given back', money(received)]);
  else if (!invoice.settled) summary.push(['Outstanding Balance', money(outstanding)]);
  return {
    title: `Invoice #${invoice.invoiceNumber}`,
    date: enGbDate(invoice.createdAt, timeZone),
    paymentBy: PAYMENT_METHOD_LABELS[invoice.paymentMethod],
    dueDate: invoice.settled || cancelled ? null : invoice.paymentDueDate ? `Due Date - ${enGbDate(invoice.paymentDueDate, timeZone)}` : PUBLIC_INVOICE_TEXT.dueDateUnknown,
    status: cancelled ? PUBLIC_INVOICE_TEXT.cancelledStatus : invoice.settled ? PUBLIC_INVOICE_TEXT.settled : PUBLIC_INVOICE_TEXT.notSettled,
    cancelled,
    lines: invoice.items.map((line) => ({
      name: publicItemName(line),
      quantity: quantityShown(line.soldQuantity),
      price: money(line.price),
      discount: money(line.discount),
      // price x quantity - quantity x discount (the domain's line arithmetic), as sold.
      total: money(lineAmounts({ quantity: line.soldQuantity, price: line.price, discount: line.discount }, currency).total),
    })),
    summary,
    soldSummaryLength,
    creditNotes: invoice.creditNotes.map((note) => ({
      title: `Credit note #${note.creditNoteNumber}`,
      date: enGbDate(note.createdAt, timeZone),
      items: note.items.map((item) => `${publicItemName(item)} × ${quantityShown(item.quantity)}`).join(', '),
      value: money(note.grandTotal),
      paidBack: `${money(note.amountPaidBack)}${note.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[note.paymentMethod]})` : ''}`,
    })),
    payments: invoice.payments.map((payment) => ({
      method: PAYMENT_METHOD_LABELS[payment.paymentMethod],
      date: enGbDate(payment.date, timeZone),
      amount: money(payment.amount),
      detail: payment.tendered ? `Tendered ${money(payment.tendered)}, change ${money(payment.change ?? '0')}` : null,
    })),
  };
}

/**
 * The tax rows of the invoice as sold. Without credit notes (or when they took no tax back) the
 * invoice's own rows per rate. The answer gives the tax per rate of the net invoice only (a credit
 * note's lines carry no rate), so once credit notes took tax back the tax as sold is one row of its
 * total: "Tax", or "Includes tax" when prices include it.
 */
function soldTaxes(invoice: PublicInvoice): { label: string; tax: string }[] {
  const taxes = invoice.taxes.map((row) => ({ label: taxLabel(row, invoice.pricesIncludeTax), tax: row.tax }));
  if (new Big(invoice.sold.totalTax).eq(invoice.totalTax)) return taxes;
  return [{ label: invoice.pricesIncludeTax ? 'Includes tax' : 'Tax', tax: invoice.sold.totalTax }];
}
