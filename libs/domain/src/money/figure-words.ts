/**
 * One meaning per word (issue 22, rule 3): every screen, chart, widget and export names its figures
 * with these words, and the user guide (apps/marketing/src/docs/content/reports.md) defines them
 * with these very sentences (a test holds the two together).
 */
export const FIGURE_WORDS = {
  sales: {
    word: 'Sales',
    meaning: 'What was invoiced, net of tax: the live invoices on the day they were made, less their credit notes (refunds) on the day each was made. A cancelled invoice is no sale.',
  },
  moneyIn: {
    word: 'Money in',
    meaning: 'Money received for sales on the day it came in (with the sale or as a later payment), less money paid back for refunds and cancellations.',
  },
  moneyOut: {
    word: 'Money out',
    meaning: 'Money paid out on the day it went: expenses, withdrawals and the transfer costs a location paid, less any of them reversed that day. Money paid back to customers is counted in Money in.',
  },
  costOfGoodsSold: {
    word: 'Cost of goods sold',
    meaning: 'What the stock sold cost, at the cost of the batches it was drawn from (with any transfer cost its location paid to bring it in), less what credit notes returned to stock, each on its own day.',
  },
  expenses: {
    word: 'Expenses',
    meaning: 'Expenses recorded on their own date, leaving out cancelled and deleted ones.',
  },
  costs: {
    word: 'Costs',
    meaning: 'Cost of goods sold, expenses and the transfer costs a sending location paid, together.',
  },
  netProfit: {
    word: 'Net profit',
    meaning: 'Sales less costs.',
  },
  taxCollected: {
    word: 'Tax collected',
    meaning: 'The tax within those sales, less the tax credit notes gave back: owed to the tax authority, not income, and in no profit.',
  },
} as const;

export type FigureWord = keyof typeof FIGURE_WORDS;
export const figureWord = (figure: FigureWord): string => FIGURE_WORDS[figure].word;
