/**
 * One meaning per word (issue 22, rule 3): every screen, chart, widget and export names its figures
 * with these words, and the user guide (apps/marketing/src/docs/content/reports.md) defines them
 * with these very sentences (a test holds the two together).
 */
export const FIGURE_WORDS = {
  sales: {
    word: 'Sales',
    meaning: 'What was invoiced: the live invoices of the day they were made, net of refunds and of tax. A cancelled invoice is no sale.',
  },
  moneyIn: {
    word: 'Money in',
    meaning: 'Money received for sales on the day it came in (with the sale or as a later payment), less money paid back for refunds and cancellations.',
  },
  costOfGoodsSold: {
    word: 'Cost of goods sold',
    meaning: 'What the stock those sales still hold cost, at the cost of the batches it was drawn from.',
  },
  expenses: {
    word: 'Expenses',
    meaning: 'Expenses recorded on their own date, leaving out cancelled and deleted ones.',
  },
  costs: {
    word: 'Costs',
    meaning: 'Cost of goods sold, expenses and the transfer costs a location bore, together.',
  },
  netProfit: {
    word: 'Net profit',
    meaning: 'Sales less costs.',
  },
  taxCollected: {
    word: 'Tax collected',
    meaning: 'The tax within those sales: owed to the tax authority, not income, and in no profit.',
  },
} as const;

export type FigureWord = keyof typeof FIGURE_WORDS;
export const figureWord = (figure: FigureWord): string => FIGURE_WORDS[figure].word;
