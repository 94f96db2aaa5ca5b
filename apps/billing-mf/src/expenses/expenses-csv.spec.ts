import { describe, expect, it } from '@jest/globals';
import type { Expense } from '@stockbook/contracts';
import { expensesCsvRows } from './expenses-csv';

const expense = (fields: Pick<Expense, '_id' | 'amount' | 'category' | 'description' | 'date' | 'locationID'> & Partial<Expense>): Expense => ({
  user: { _id: 'u1', firstName: 'Ann', lastName: 'Owner' },
  cancelled: false,
  cancelledAt: null,
  createdAt: fields.date,
  updatedAt: fields.date,
  deletedAt: null,
  deletedBy: null,
  ...fields,
});

describe('the expenses export', () => {
  it('lists the expenses shown oldest first: day in the business’s time zone, location, category, description, amount, state', () => {
    const shown = [
      expense({ _id: 'e2', amount: '100.0000', category: 'Salary', description: 'Paid twice', date: '2026-11-28T10:00:00.000Z', locationID: 'b', cancelled: true, cancelledAt: '2026-11-28T11:00:00.000Z' }),
      // Late on the 27th in London is already the 28th in Colombo.
      expense({ _id: 'e1', amount: '15.5', category: 'Rent', description: '', date: '2026-11-27T20:00:00.000Z', locationID: 'a' }),
    ];
    const location = (id: string) => ({ a: 'High Street', b: 'Harbour' })[id] ?? id;
    expect(expensesCsvRows(shown, { currency: 'LKR', timeZone: 'Asia/Colombo', location })).toEqual([
      ['Date (Asia/Colombo)', 'Location', 'Category', 'Description', 'Amount', 'State'],
      ['2026-11-28', 'High Street', 'Rent', '', '15.50', 'Active'],
      ['2026-11-28', 'Harbour', 'Salary', 'Paid twice', '100.00', 'Cancelled'],
    ]);
    expect(expensesCsvRows([], { currency: 'GBP', timeZone: 'Europe/London', location })).toHaveLength(1);
  });
});
