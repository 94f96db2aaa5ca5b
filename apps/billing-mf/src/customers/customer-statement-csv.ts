import type { CustomerStatement, CustomerStatementEntry } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS } from '@stockbook/domain';
import { csvAmount, csvDate, csvFileName, type CsvFormat } from '../common/csv-values';
import { customerName } from './customer-name';

/**
 * What a statement entry was, in words (issue 22, rule 8): "Invoice #3", "Payment on #3 (Card)",
 * "Credit note #1 on #3", "Paid back on #3" (with the way, when one was chosen), "Cancelled #3".
 * The screen, the print view and the CSV all read it from here.
 */
export function statementEntryText(entry: Pick<CustomerStatementEntry, 'kind' | 'invoiceNumber' | 'creditNoteNumber' | 'paymentMethod'>): string {
  const on = `#${entry.invoiceNumber}`;
  const way = entry.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[entry.paymentMethod]})` : '';
  switch (entry.kind) {
    case 'Invoice':
      return `Invoice ${on}`;
    case 'Payment':
      return `Payment on ${on}${way}`;
    case 'Credit note':
      return `Credit note #${entry.creditNoteNumber ?? ''} on ${on}`;
    case 'Paid back':
      return `Paid back on ${on}${way}`;
    case 'Cancelled':
      return `Cancelled ${on}`;
  }
}

/** The statement's first and last day in the business's calendar ("" for a statement from their first entry). */
export function statementDays(statement: Pick<CustomerStatement, 'startDate' | 'endDate'>, timeZone: string): { from: string; to: string } {
  return { from: statement.startDate ? csvDate(statement.startDate, timeZone) : '', to: csvDate(statement.endDate, timeZone) };
}

/**
 * A customer's statement as CSV rows for their accountant or ours: who and what range (days in the
 * business's time zone), the opening balance, one row per entry (day, what, the signed amount, what
 * they owed after it), then the closing balance under the balances. Amounts in the currency's
 * decimals: + they owe more, - they owe less.
 */
export function statementCsvRows(statement: CustomerStatement, format: CsvFormat): string[][] {
  const { currency, timeZone } = format;
  const amount = (value: string) => csvAmount(value, currency);
  const { from, to } = statementDays(statement, timeZone);
  const { customer } = statement;
  return [
    ['Statement'],
    ['Customer', customerName(customer)],
    ...(customer.email ? [['E-mail', customer.email]] : []),
    ...(customer.contactNumber ? [['Contact number', customer.contactNumber]] : []),
    ['From', from],
    ['To', to],
    ['Time zone', timeZone],
    ['Currency', currency],
    ['Opening balance', amount(statement.openingBalance)],
    [],
    ['Date', 'What', 'Amount', 'Balance'],
    ...statement.entries.map((entry) => [csvDate(entry.date, timeZone), statementEntryText(entry), amount(entry.amount), amount(entry.balance)]),
    ['Closing balance', '', '', amount(statement.closingBalance)],
  ];
}

/** The statement's file name: "statement-mia-reader-2026-09-01-to-2026-11-28.csv". */
export function statementFileName(statement: CustomerStatement, timeZone: string): string {
  const { from, to } = statementDays(statement, timeZone);
  const who = customerName(statement.customer)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return csvFileName(`statement-${who || 'customer'}`, from || 'start', to);
}
