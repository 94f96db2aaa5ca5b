import type { CreditNote, Invoice } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS } from '@stockbook/domain';
import { csvAmount, csvDateTime, oldestFirst, type CsvFormat } from '../common/csv-values';
import { invoiceStates } from '../common/invoice-state';
import { customerName } from '../customers/customer-name';

type Context = CsvFormat & { location(id: string): string };

/**
 * The invoices the screen shows, oldest first: number, date and time, location, customer (Walk-in
 * without one), what it sold, what its credit notes took back, the net, its tax, paid, outstanding,
 * and its states as the table tags them ("Not Settled; Partly refunded", "Cancelled").
 */
export function invoicesCsvRows(invoices: readonly Invoice[], context: Context): string[][] {
  const { currency, timeZone } = context;
  const amount = (value: string) => csvAmount(value, currency);
  return [
    ['Number', `Date (${timeZone})`, 'Location', 'Customer', 'Sold', 'Refunded', 'Net', 'Tax', 'Paid', 'Outstanding', 'State'],
    ...oldestFirst(invoices, (invoice) => invoice.createdAt).map((invoice) => [
      String(invoice.invoiceNumber),
      csvDateTime(invoice.createdAt, timeZone),
      context.location(invoice.locationID),
      invoice.customer ? customerName(invoice.customer) : 'Walk-in',
      amount(invoice.sold.grandTotal),
      amount(invoice.refundedTotals.grandTotal),
      amount(invoice.grandTotal),
      amount(invoice.totalTax),
      amount(invoice.paidAmount),
      amount(invoice.outstanding),
      invoiceStates(invoice).join('; '),
    ]),
  ];
}

/**
 * The credit notes made in the screen's dates at its locations, oldest first: number, the invoice's
 * number, date and time, location, value, its tax, the money paid back and how (empty: the ways the
 * money came in).
 */
export function creditNotesCsvRows(creditNotes: readonly CreditNote[], context: Context): string[][] {
  const { currency, timeZone } = context;
  return [
    ['Number', 'Invoice number', `Date (${timeZone})`, 'Location', 'Value', 'Tax', 'Paid back', 'Method'],
    ...oldestFirst(creditNotes, (note) => note.createdAt).map((note) => [
      String(note.creditNoteNumber),
      String(note.invoiceNumber),
      csvDateTime(note.createdAt, timeZone),
      context.location(note.locationID),
      csvAmount(note.grandTotal, currency),
      csvAmount(note.totalTax, currency),
      csvAmount(note.amountPaidBack, currency),
      note.paymentMethod ? PAYMENT_METHOD_LABELS[note.paymentMethod] : '',
    ]),
  ];
}
