import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import type { Expense, Invoice } from '@stockbook/contracts';
import { chooseOptions, selectNamed } from '../support/antd-select';
import { addLocation } from '../support/session-accounts';
import { openBillingScreen, salesShop } from './billing.page';

/** The billing remote's Profit and loss screen: its range and locations, the statement, the charts, the export. */
export class ReportScreens {
  readonly content: Locator;
  readonly statement: Locator;
  readonly byLocation: Locator;
  readonly scope: Locator;

  constructor(readonly page: Page) {
    this.content = page.locator('[data-remote="billing"]');
    this.statement = page.getByRole('table', { name: 'Profit and loss statement' });
    this.byLocation = page.getByRole('table', { name: 'Profit and loss by location' });
    this.scope = page.getByTestId('report-scope');
  }

  /** Opens Profit and loss (inside the app once it is open) and waits for its statement. */
  async open(timeout = 30_000): Promise<void> {
    await openBillingScreen(this.page, 'reports', timeout);
    await expect(this.statement).toBeVisible({ timeout });
  }

  /** Picks one of the range picker's presets (Today, This week, ...). */
  async preset(label: string): Promise<void> {
    await this.page.locator('#report-from').click();
    await this.page.locator('.ant-picker-dropdown:visible .ant-picker-presets li').filter({ hasText: label }).click();
    await expect(this.page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  }

  async chooseLocations(...names: string[]): Promise<void> {
    await chooseOptions(selectNamed(this.content, 'Locations'), names);
  }

  /** The amount the statement shows for a line (its row header, exactly). */
  figure(label: string, table: Locator = this.statement): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
  }

  /** The chart's canvas, an image with this name. */
  chart(name: string): Locator {
    return this.content.getByRole('img', { name, exact: true });
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.content.getByRole('button', { name: 'Export CSV' }).click();
    return download;
  }
}

/**
 * The sales shop with a day of trading for the report (all today): at High Street 3 Claw Hammers
 * sold (30.00, cost 3 x 4.00) and 1 refunded, 2 Small Cotton Tees (25.00, cost 2 x 6.00), a Large
 * Cotton Tee sold then cancelled, Rent 15.00 and a Salary of 100.00 cancelled; at Harbour Branch 1
 * Claw Hammer (10.00) from a batch costing 5.00.
 */
export async function reportsShop(request: APIRequestContext) {
  const shop = await salesShop(request);
  const { post, sell, main, tee, hammer } = shop;
  const harbour = await addLocation(request, 'Harbour Branch');
  const [small, large] = tee.subItems;

  const hammers = await sell([{ itemID: hammer._id, quantity: '3' }]);
  await post('user/invoice/refund', { invoiceID: hammers._id, items: [{ lineID: hammers.items[0]!._id, quantity: '1' }] });
  await sell([{ itemID: small!._id, quantity: '2' }]);
  const cancelled = await sell([{ itemID: large!._id, quantity: '1' }]);
  const cancel = await request.delete(`/api/v1/user/invoice/${cancelled._id}`);
  expect(cancel.status(), await cancel.text()).toBe(200);

  await post('user/expense', { locationID: main._id, amount: '15', category: 'Rent', description: 'November rent' });
  const salary = (await post('user/expense', { locationID: main._id, amount: '100', category: 'Salary', description: 'Paid twice by mistake' })).expense as Expense;
  await post('user/expense/cancel', { expenseID: salary._id });

  await post('user/inventory/add/batch', { itemID: hammer._id, locationID: harbour._id, quantity: '2', cost: '5' });
  const atHarbour = (await post('user/invoice', { locationID: harbour._id, items: [{ itemID: hammer._id, quantity: '1' }], paymentMethod: 'Cash' })).invoice as Invoice;
  return { ...shop, harbour, atHarbour };
}
