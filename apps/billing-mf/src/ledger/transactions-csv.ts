import type { Transaction } from '@stockbook/contracts';
import { PAYMENT_METHOD_LABELS, type TransactionType } from '@stockbook/domain';
import { csvAmount, csvDateTime, oldestFirst, type CsvFormat } from '../common/csv-values';

/** What the export knows of the documents transactions belong to (whatever is not known reads as its kind alone). */
export interface TransactionDocuments {
  invoiceNumber(id: string): number | undefined;
  expense(id: string): { category: string; description: string } | undefined;
}

/**
 * What a transaction belongs to, as the ledger's For column says it: "Invoice #12", "Expense: Rent
 * (November)", "Transfer", "Capital: From savings", or its type; a reversal says so.
 */
export function transactionSubjectText(transaction: Transaction, documents: TransactionDocuments): string {
  const { invoiceID, expenseID } = transaction;
  let subject: string = transaction.transactionType;
  if (invoiceID) {
    const number = documents.invoiceNumber(invoiceID);
    subject = number === undefined ? 'Invoice' : `Invoice #${number}`;
  } else if (expenseID) {
    const expense = documents.expense(expenseID);
    subject = expense ? `Expense: ${expense.category}${expense.description ? ` (${expense.description})` : ''}` : 'Expense';
  } else if (transaction.transferID) subject = 'Transfer';
  else if (transaction.description) subject = `${transaction.transactionType}: ${transaction.description}`;
  return transaction.reversesID ? `${subject} (reversal)` : subject;
}

export interface TransactionsCsvContext extends CsvFormat {
  location(id: string): string;
  documents: TransactionDocuments;
  /** The running balance after each: only when one location is shown (with all, it jumps between locations). */
  withBalance: boolean;
}

const method = (transaction: Transaction) => (transaction.paymentMethod ? PAYMENT_METHOD_LABELS[transaction.paymentMethod] : '');

/**
 * The transactions the ledger shows, oldest first: date and time, location, type, what it belongs
 * to, method, the signed amount, the location's balance after it (one location only), and the
 * description written with capital or a withdrawal.
 */
export function transactionsCsvRows(transactions: readonly Transaction[], context: TransactionsCsvContext): string[][] {
  const { currency, timeZone, withBalance } = context;
  return [
    [`Date (${timeZone})`, 'Location', 'Type', 'What', 'Method', 'Amount', ...(withBalance ? ['Balance after'] : []), 'Description'],
    ...oldestFirst(transactions, (row) => row.createdAt).map((row) => [
      csvDateTime(row.createdAt, timeZone),
      context.location(row.locationID),
      row.transactionType,
      transactionSubjectText(row, context.documents),
      method(row),
      csvAmount(row.amount, currency),
      ...(withBalance ? [csvAmount(row.balance, currency)] : []),
      row.description ?? '',
    ]),
  ];
}

/** The transactions that are money received or paid back on an invoice. */
export const PAYMENT_TYPES: readonly TransactionType[] = ['Sale', 'Payment', 'Refund'];

/**
 * The money received or paid back on invoices among what the ledger shows, oldest first: date and
 * time, location, type (Sale, Payment, Refund), the invoice's number, how it moved, the signed amount.
 */
export function paymentsCsvRows(transactions: readonly Transaction[], context: Omit<TransactionsCsvContext, 'withBalance'>): string[][] {
  const { currency, timeZone } = context;
  const payments = transactions.filter((row) => row.invoiceID && PAYMENT_TYPES.includes(row.transactionType));
  return [
    [`Date (${timeZone})`, 'Location', 'Type', 'Invoice', 'Method', 'Amount'],
    ...oldestFirst(payments, (row) => row.createdAt).map((row) => [
      csvDateTime(row.createdAt, timeZone),
      context.location(row.locationID),
      row.transactionType,
      String(context.documents.invoiceNumber(row.invoiceID!) ?? ''),
      method(row),
      csvAmount(row.amount, currency),
    ]),
  ];
}
