import { describe, expect, it } from '@jest/globals';
import type { Transaction } from '@stockbook/contracts';
import { paymentsCsvRows, transactionsCsvRows, transactionSubjectText, type TransactionDocuments } from './transactions-csv';

const person = { _id: 'u1', firstName: 'Ann', lastName: 'Owner' };
const transaction = (fields: Partial<Transaction> & Pick<Transaction, '_id' | 'transactionType' | 'amount' | 'balance' | 'createdAt'>): Transaction => ({
  user: person,
  invoiceID: null,
  expenseID: null,
  transferID: null,
  reversesID: null,
  locationID: 'high',
  paymentMethod: null,
  description: null,
  updatedAt: fields.createdAt,
  deletedAt: null,
  deletedBy: null,
  ...fields,
});

// A day at High Street, as the ledger lists it (newest first).
const day: Transaction[] = [
  transaction({ _id: 't6', transactionType: 'Expense', amount: '15.0000', balance: '108.0000', createdAt: '2026-11-28T16:00:00.000Z', expenseID: 'rent', reversesID: 'x' }),
  transaction({ _id: 't5', transactionType: 'Refund', amount: '-10.0000', balance: '93.0000', createdAt: '2026-11-28T15:00:00.000Z', invoiceID: 'inv3', paymentMethod: 'Cash' }),
  transaction({ _id: 't4', transactionType: 'Payment', amount: '2.5000', balance: '103.0000', createdAt: '2026-11-28T14:00:00.000Z', invoiceID: 'inv2', paymentMethod: 'Card' }),
  transaction({ _id: 't3', transactionType: 'Transfer', amount: '-0.5000', balance: '100.5000', createdAt: '2026-11-28T13:00:00.000Z', transferID: 'tr1' }),
  transaction({ _id: 't2', transactionType: 'Sale', amount: '20.0000', balance: '101.0000', createdAt: '2026-11-28T12:00:00.000Z', invoiceID: 'inv3', paymentMethod: 'Bank_Transfer' }),
  transaction({ _id: 't1', transactionType: 'Capital', amount: '81.0000', balance: '81.0000', createdAt: '2026-11-28T09:00:00.000Z', description: 'From savings, "float"' }),
];
const documents: TransactionDocuments = {
  invoiceNumber: (id) => ({ inv3: 3 })[id],
  expense: (id) => ({ rent: { category: 'Rent', description: 'November' } })[id],
};
const context = { currency: 'GBP' as const, timeZone: 'Europe/London', location: (id: string) => ({ high: 'High Street' })[id] ?? id, documents };

describe('the transactions export', () => {
  it('names what each belongs to as the ledger does; what it cannot look up reads as its kind', () => {
    expect(day.map((row) => transactionSubjectText(row, documents))).toEqual([
      'Expense: Rent (November) (reversal)',
      'Invoice #3',
      'Invoice',
      'Transfer',
      'Invoice #3',
      'Capital: From savings, "float"',
    ]);
  });

  it('lists what the screen shows oldest first, in the currency’s decimals and the business’s time, with the balance after when one location is shown', () => {
    const rows = transactionsCsvRows(day, { ...context, withBalance: true });
    expect(rows).toEqual([
      ['Date (Europe/London)', 'Location', 'Type', 'What', 'Method', 'Amount', 'Balance after', 'Description'],
      ['2026-11-28 09:00', 'High Street', 'Capital', 'Capital: From savings, "float"', '', '81.00', '81.00', 'From savings, "float"'],
      ['2026-11-28 12:00', 'High Street', 'Sale', 'Invoice #3', 'Bank Transfer', '20.00', '101.00', ''],
      ['2026-11-28 13:00', 'High Street', 'Transfer', 'Transfer', '', '-0.50', '100.50', ''],
      ['2026-11-28 14:00', 'High Street', 'Payment', 'Invoice', 'Card', '2.50', '103.00', ''],
      ['2026-11-28 15:00', 'High Street', 'Refund', 'Invoice #3', 'Cash', '-10.00', '93.00', ''],
      ['2026-11-28 16:00', 'High Street', 'Expense', 'Expense: Rent (November) (reversal)', '', '15.00', '108.00', ''],
    ]);
    // All locations: no running balance, it would jump between locations.
    expect(transactionsCsvRows(day, { ...context, withBalance: false })[0]).toEqual(['Date (Europe/London)', 'Location', 'Type', 'What', 'Method', 'Amount', 'Description']);
  });

  it('keeps only the money received or paid back on invoices for the payments file', () => {
    expect(paymentsCsvRows(day, context)).toEqual([
      ['Date (Europe/London)', 'Location', 'Type', 'Invoice', 'Method', 'Amount'],
      ['2026-11-28 12:00', 'High Street', 'Sale', '3', 'Bank Transfer', '20.00'],
      ['2026-11-28 14:00', 'High Street', 'Payment', '', 'Card', '2.50'],
      ['2026-11-28 15:00', 'High Street', 'Refund', '3', 'Cash', '-10.00'],
    ]);
  });
});
