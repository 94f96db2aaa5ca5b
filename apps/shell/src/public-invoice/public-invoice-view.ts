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

/** "Item", or "Item (Large / Red)": the variant's name is appended unless it is 'Default'. */
export const publicItemName = (line: { itemName: string; variantName: string }) =>
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
  /** Every payment received, oldest first: its method and date, the amount, and for cash what was tendered and the change. */
  readonly payments: readonly { method: string; date: string; amount: string; detail: string | null }[];
}

export function publicInvoiceView(invoice: PublicInvoice, business: PublicBusiness, timeZone?: string): PublicInvoiceView {
  const currency = business.currency as CurrencyCode;
  const money = (amount: Big.BigSource) => formatMoney(new Big(amount).toFixed(2, Big.roundHalfUp), currency);
  // totalAmount - totalDiscount, plus the tax when it is added to prices (the API's grandTotal).
  const grandTotal = new Big(invoice.grandTotal);
  const outstanding = grandTotal.minus(invoice.paidAmount ?? 0);
  const taxes = invoice.taxes.map((row): [string, string] => [taxLabel(row, invoice.pricesIncludeTax), money(row.tax)]);
  const summary: [string, string][] = [
    ['Invoiced By', `${invoice.user.firstName} ${invoice.user.lastName}`.trim()],
    ['Subtotal', money(invoice.totalAmount)],
    ['Total Quantity', quantityShown(invoice.totalQuantity)],
    ['Total Discount', money(invoice.totalDiscount)],
    ...(invoice.pricesIncludeTax ? [] : taxes),
    ['Grand Total', money(grandTotal)],
    ...(invoice.pricesIncludeTax ? taxes : []),
  ];
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
      quantity: quantityShown(line.quantity),
      price: money(line.price),
      discount: money(line.discount),
      // price x quantity - quantity x discount (the domain's line arithmetic).
      total: money(lineAmounts({ quantity: line.quantity, price: line.price, discount: line.discount }, currency).total),
    })),
    summary,
    payments: invoice.payments.map((payment) => ({
      method: PAYMENT_METHOD_LABELS[payment.paymentMethod],
      date: enGbDate(payment.date, timeZone),
      amount: money(payment.amount),
      detail: payment.tendered ? `Tendered ${money(payment.tendered)}, change ${money(payment.change ?? '0')}` : null,
    })),
  };
}
