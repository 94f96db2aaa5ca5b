import { describe, expect, it } from '@jest/globals';
import type { CustomerStatement, CustomerStatementEntry } from '@stockbook/contracts';
import { statementCsvRows, statementEntryText, statementFileName } from './customer-statement-csv';

const entry = (fields: Pick<CustomerStatementEntry, 'date' | 'kind' | 'invoiceNumber' | 'amount' | 'balance'> & Partial<CustomerStatementEntry>): CustomerStatementEntry => ({
  invoiceID: `inv${fields.invoiceNumber}`,
  creditNoteNumber: null,
  paymentMethod: null,
  ...fields,
});

// Before the range: invoice #2 of 20.00, 20.00 paid. In it: invoice #3 of 30.00, 10.00 by card,
// credit note #1 of 12.00 on it with 2.00 paid back in cash; invoice #4 cancelled with 4.00 paid back.
const statement: CustomerStatement = {
  customer: { _id: 'c1', firstName: 'Mia', lastName: 'Reader', email: 'mia@example.com', contactNumber: '', address: '2 Low Road', totalPurchased: '18.0000', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  totalBought: '38.0000',
  outstandingCredit: '10.0000',
  lastPurchase: '2026-11-20T10:00:00.000Z',
  invoices: [],
  creditNotes: [],
  startDate: '2026-08-31T23:00:00.000Z',
  endDate: '2026-11-28T23:59:59.999Z',
  openingBalance: '0.0000',
  entries: [
    entry({ date: '2026-11-01T10:00:00.000Z', kind: 'Invoice', invoiceNumber: 3, amount: '30.0000', balance: '30.0000' }),
    entry({ date: '2026-11-01T10:00:00.000Z', kind: 'Payment', invoiceNumber: 3, paymentMethod: 'Card', amount: '-10.0000', balance: '20.0000' }),
    entry({ date: '2026-11-10T10:00:00.000Z', kind: 'Credit note', invoiceNumber: 3, creditNoteNumber: 1, amount: '-12.0000', balance: '8.0000' }),
    entry({ date: '2026-11-10T10:00:00.000Z', kind: 'Paid back', invoiceNumber: 3, creditNoteNumber: 1, paymentMethod: 'Cash', amount: '2.0000', balance: '10.0000' }),
    entry({ date: '2026-11-20T10:00:00.000Z', kind: 'Invoice', invoiceNumber: 4, amount: '4.0000', balance: '14.0000' }),
    entry({ date: '2026-11-20T10:00:00.000Z', kind: 'Payment', invoiceNumber: 4, amount: '-4.0000', balance: '10.0000' }),
    entry({ date: '2026-11-28T23:30:00.000Z', kind: 'Cancelled', invoiceNumber: 4, amount: '-4.0000', balance: '6.0000' }),
    entry({ date: '2026-11-28T23:30:00.000Z', kind: 'Paid back', invoiceNumber: 4, amount: '4.0000', balance: '10.0000' }),
  ],
  closingBalance: '10.0000',
};

describe('a customer’s statement', () => {
  it('says what each entry was', () => {
    expect(statement.entries.map(statementEntryText)).toEqual([
      'Invoice #3',
      'Payment on #3 (Card)',
      'Credit note #1 on #3',
      'Paid back on #3 (Cash)',
      'Invoice #4',
      'Payment on #4',
      'Cancelled #4',
      'Paid back on #4',
    ]);
  });

  it('exports who and which days, the opening balance, one row per entry and the closing balance, in the currency’s decimals and the business’s days', () => {
    // London: the range is 1 September (BST) to 28 November; the cancellation late on the 28th UTC is still the 28th.
    const rows = statementCsvRows(statement, { currency: 'GBP', timeZone: 'Europe/London' });
    expect(rows).toEqual([
      ['Statement'],
      ['Customer', 'Mia Reader'],
      ['E-mail', 'mia@example.com'],
      ['From', '2026-09-01'],
      ['To', '2026-11-28'],
      ['Time zone', 'Europe/London'],
      ['Currency', 'GBP'],
      ['Opening balance', '0.00'],
      [],
      ['Date', 'What', 'Amount', 'Balance'],
      ['2026-11-01', 'Invoice #3', '30.00', '30.00'],
      ['2026-11-01', 'Payment on #3 (Card)', '-10.00', '20.00'],
      ['2026-11-10', 'Credit note #1 on #3', '-12.00', '8.00'],
      ['2026-11-10', 'Paid back on #3 (Cash)', '2.00', '10.00'],
      ['2026-11-20', 'Invoice #4', '4.00', '14.00'],
      ['2026-11-20', 'Payment on #4', '-4.00', '10.00'],
      ['2026-11-28', 'Cancelled #4', '-4.00', '6.00'],
      ['2026-11-28', 'Paid back on #4', '4.00', '10.00'],
      ['Closing balance', '', '', '10.00'],
    ]);
    expect(statementFileName(statement, 'Europe/London')).toBe('statement-mia-reader-2026-09-01-to-2026-11-28.csv');
  });

  it('reads an empty range as its opening balance carried to the close, and names a customer in any script', () => {
    const quiet = { ...statement, customer: { ...statement.customer, firstName: 'සුනිල්', lastName: "O'Neil", email: '' }, openingBalance: '7.5', entries: [], closingBalance: '7.5' };
    const rows = statementCsvRows(quiet, { currency: 'LKR', timeZone: 'Asia/Colombo' });
    expect(rows.slice(1, 3)).toEqual([
      ['Customer', "සුනිල් O'Neil"],
      ['From', '2026-09-01'],
    ]);
    expect(rows.slice(-3)).toEqual([[], ['Date', 'What', 'Amount', 'Balance'], ['Closing balance', '', '', '7.50']]);
    expect(statementFileName(quiet, 'Asia/Colombo')).toBe('statement-සුනිල්-o-neil-2026-09-01-to-2026-11-29.csv');
  });
});
