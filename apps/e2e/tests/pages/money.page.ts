import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import type { Expense } from '@stockbook/contracts';
import { chooseOptions, selectNamed } from '../support/antd-select';
import { BillingScreens, openBillingScreen, salesShop } from './billing.page';

/** The billing remote's money screens: Expenses (with Add expense) and Transactions (the ledger, with Add capital and Withdraw). */
export class MoneyScreens extends BillingScreens {
  /** Opens Expenses or Transactions (inside the app once it is open). */
  async openMoney(screen: 'expenses' | 'transactions', timeout = 30_000): Promise<void> {
    await openBillingScreen(this.page, screen, timeout);
  }

  get table(): Locator {
    return this.content.getByRole('table').first();
  }

  /** The expense table's rows whose text includes `text` (a category, a description). */
  expenseRows(text: string): Locator {
    return this.table.locator('tbody tr').filter({ hasText: text });
  }

  /** A row action of an expense, named as RowActions names it ("Cancel expense Rent of 25/11/2026 (November rent)"). */
  expenseAction(label: 'Cancel' | 'Delete', name: string | RegExp): Locator {
    return this.table.getByRole('button', { name: typeof name === 'string' ? `${label} expense ${name}` : name });
  }

  /** Fills in Add expense (the day and location keep their starting values unless given). */
  async fillExpense(fields: { amount: string; category: string; description?: string; location?: string }): Promise<void> {
    await this.dialog.getByLabel('Amount').fill(fields.amount);
    await chooseOptions(selectNamed(this.dialog, 'Category'), fields.category);
    if (fields.description !== undefined) await this.dialog.getByLabel('Description').fill(fields.description);
    if (fields.location) await chooseOptions(selectNamed(this.dialog, 'Location'), fields.location);
  }

  /** Opens a dialog with the screen's button ("Add expense", "Add capital", "Withdraw"). */
  async openDialog(button: string): Promise<void> {
    await this.content.getByRole('button', { name: button, exact: true }).click();
    await this.dialogSettled();
  }

  /** Presses the open dialog's OK button (named as the dialog's action). */
  async submitDialog(button: string): Promise<void> {
    await this.dialog.locator('.ant-modal-footer').getByRole('button', { name: button, exact: true }).click();
  }

  /** The open form's message under a field. */
  fieldError(label: string): Locator {
    return this.dialog.locator('.ant-form-item').filter({ has: this.page.getByText(label, { exact: true }) }).locator('.ant-form-item-explain-error');
  }

  /** The ledger as its cells read, newest first: one record per row, keyed by column title. */
  async ledger(): Promise<Record<string, string>[]> {
    const table = this.content.getByRole('table', { name: 'Transactions' });
    await expect(table).toBeVisible();
    return table.evaluate((element) => {
      const titles = [...element.querySelectorAll('thead th')].map((cell) => (cell.textContent ?? '').trim());
      return [...element.querySelectorAll('tbody tr:not(.ant-table-placeholder)')]
        .filter((row) => !row.classList.contains('ant-table-measure-row'))
        .map((row) => Object.fromEntries([...row.querySelectorAll('td')].map((cell, index) => [titles[index] ?? String(index), (cell.textContent ?? '').replace(/\u00a0/g, ' ').trim()])));
    });
  }

  /** A balance shown above the ledger ("Current balance", "Outstanding credit") of a location. */
  balance(locationId: string, label: 'Current balance' | 'Outstanding credit'): Locator {
    return this.content.getByTestId(`ledger-balances-${locationId}-${label.toLowerCase().replace(/ /g, '-')}`);
  }

  /** Makes `locationId` the user's working location (the frame's header selector remembers it). */
  async workAt(userId: string, locationId: string): Promise<void> {
    await this.page.addInitScript(([user, location]) => localStorage.setItem(`stockbook-location:${user}`, location), [userId, locationId] as const);
  }
}

/**
 * The sales shop (pounds, FIFO, High Street; billing.page.ts) with a sale already made through the
 * API: 2 Claw Hammers at 10.00 = 20.00, 15.00 paid in cash and 5.00 on credit. High Street's ledger
 * then holds one Sale of +15.00 (balance 15.00) and 5.00 of outstanding credit.
 */
export async function moneyShop(request: APIRequestContext) {
  const shop = await salesShop(request);
  const invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '2' }], { paidAmount: '15', paymentDueDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  /** An expense added through the API at High Street. */
  const expense = async (amount: string, category: string, description = '') =>
    (await shop.post('user/expense', { locationID: shop.main._id, amount, category, description })).expense as Expense;
  return { ...shop, invoice, expense };
}
