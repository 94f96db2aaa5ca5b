import type { Expense } from '@stockbook/contracts';
import { csvAmount, csvDate, oldestFirst, type CsvFormat } from '../common/csv-values';

/**
 * The expenses the screen shows, oldest first: the day it was incurred (in the business's time
 * zone), location, category, description, amount and state (Active, or Cancelled: its money went
 * back to the location).
 */
export function expensesCsvRows(expenses: readonly Expense[], context: CsvFormat & { location(id: string): string }): string[][] {
  const { currency, timeZone } = context;
  return [
    [`Date (${timeZone})`, 'Location', 'Category', 'Description', 'Amount', 'State'],
    ...oldestFirst(expenses, (expense) => expense.date).map((expense) => [
      csvDate(expense.date, timeZone),
      context.location(expense.locationID),
      expense.category,
      expense.description,
      csvAmount(expense.amount, currency),
      expense.cancelled ? 'Cancelled' : 'Active',
    ]),
  ];
}
