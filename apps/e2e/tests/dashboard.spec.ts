import { expect, test, type Page } from '@playwright/test';
import { DashboardScreen, dashboardShop } from './pages/dashboard.page';
import { chooseOptions } from './support/antd-select';
import { addStaff, signedInContext } from './support/session-accounts';

// Issue 15 point 9: the dashboard at /x composed of widgets the remotes expose, each in a slot of
// its own: an owner's figures and the links behind them, then one working location's; one remote
// blocked costs only its widgets; a staff member without money permissions gets no money widgets;
// the widgets stacked on a phone. The summary's sums are proved on real PostgreSQL in
// apps/api/test/profit-loss.e2e-spec.ts ('summarises today for the dashboard'); axe in
// a11y-billing.spec.ts.

// A test's first page is a cold load of the frame and a remote: over 30 s seen on a shared
// two-core machine under load (15-35), where the rest of a test takes seconds.
test.describe.configure({ timeout: 90_000 });

/** Every widget of the owner's shop with its figures (dashboardShop: a sale of 36.00 with 16.00 on credit, a 5.00 expense, ...). */
async function expectOwnersFigures(dashboard: DashboardScreen) {
  const today = dashboard.widget('Today');
  await expect(dashboard.figure(today, 'Sales (1)')).toHaveText('£36.00', { timeout: 20_000 });
  await expect(dashboard.figure(today, 'Money in')).toHaveText('£20.00');
  await expect(dashboard.figure(today, 'Expenses')).toHaveText('£5.00');
  await expect(dashboard.figure(today, 'Outstanding credit')).toHaveText('£16.00');

  const low = dashboard.widget('Low stock');
  await expect(low.getByRole('listitem')).toHaveCount(1);
  await expect(low.getByRole('listitem')).toContainText('Green Tea');
  await expect(low.getByRole('listitem')).toContainText('4 on hand, reorder at 5');
  await expect(low.getByRole('link', { name: 'Green Tea' })).toHaveAttribute('href', /^\/x\/inventory\/items\/[0-9a-f-]+$/);
  await expect(low.getByRole('link', { name: /^All low stock \(1\)$/ })).toHaveAttribute('href', '/x/inventory?lowStock=true');

  const invoices = dashboard.widget('Recent invoices');
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices.getByRole('listitem')).toContainText('Walk-in');
  await expect(invoices.getByRole('listitem')).toContainText('£36.00');

  const transfers = dashboard.widget('Transfers awaiting completion');
  await expect(transfers.getByRole('listitem')).toHaveCount(1);
  await expect(transfers.getByRole('link', { name: '4 × Claw Hammer' })).toBeVisible();
  await expect(transfers.getByRole('listitem')).toContainText('High Street → Harbour Branch');

  // 36.00 of sales less 14.00 of goods (3 × 4.00 + 2 × 1.00) and the 5.00 expense.
  const month = dashboard.widget('Last 30 days');
  await expect(dashboard.figure(month, 'Sales')).toHaveText('£36.00');
  await expect(dashboard.figure(month, 'Net profit')).toHaveText('£17.00');
  await expect(month.getByRole('img', { name: 'Sales and costs per day over the last 30 days' })).toBeVisible();
}

test('an owner sees each widget with its figures, its links open the screens behind them, and a working location narrows every widget', async ({ page }) => {
  const shop = await dashboardShop(page.request);
  const dashboard = new DashboardScreen(page);
  await dashboard.open();
  await expectOwnersFigures(dashboard);
  // The sections stay linked above the widgets.
  await expect(page.locator('.sb-dashboard-links').getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/x/inventory');

  await dashboard.widget('Recent invoices').getByRole('link', { name: `#${shop.sale.invoiceNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/x/billing/invoices/${shop.sale._id}$`));
  await expect(page.getByTestId('invoice-details')).toBeVisible({ timeout: 20_000 });

  await page.goBack();
  await dashboard.widget('Transfers awaiting completion').getByRole('link', { name: '4 × Claw Hammer' }).click();
  await expect(page).toHaveURL(new RegExp(`/x/billing/transfers/${shop.transfer._id}$`));
  await expect(page.getByTestId('transfer-details')).toBeVisible({ timeout: 20_000 });

  // Back to the dashboard (the transfer's drawer masks the sidebar), then Harbour Branch chosen in
  // the header: everything of the shop happened at High Street but the transfer coming there.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await chooseOptions(page.getByTestId('location-selector').getByRole('combobox'), 'Harbour Branch');
  const today = dashboard.widget('Today');
  await expect(dashboard.figure(today, 'Sales (0)')).toHaveText('£0.00', { timeout: 20_000 });
  await expect(dashboard.figure(today, 'Money in')).toHaveText('£0.00');
  await expect(dashboard.figure(today, 'Expenses')).toHaveText('£0.00');
  await expect(dashboard.figure(today, 'Outstanding credit')).toHaveText('£0.00');
  await expect(dashboard.widget('Low stock')).toContainText('Nothing is at or under its reorder level.');
  await expect(dashboard.widget('Recent invoices')).toContainText('No invoices yet.');
  await expect(dashboard.widget('Transfers awaiting completion').getByRole('link', { name: '4 × Claw Hammer' })).toBeVisible();
  await expect(dashboard.figure(dashboard.widget('Last 30 days'), 'Net profit')).toHaveText('£0.00');
});

test('with the billing remote blocked the inventory widget still shows and each billing slot says it could not load', async ({ page }) => {
  await dashboardShop(page.request);
  await page.route('**/remotes/billing-mf/**', (route) => route.abort('connectionrefused'));
  const dashboard = new DashboardScreen(page);
  await dashboard.open();
  await expect(dashboard.widget('Low stock').getByRole('listitem')).toContainText('Green Tea', { timeout: 20_000 });
  await expect(dashboard.fallbacks('billing')).toHaveCount(4);
  for (const fallback of await dashboard.fallbacks('billing').all()) {
    await expect(fallback.getByRole('heading', { name: 'Billing could not be loaded' })).toBeVisible();
  }
  await expect(dashboard.widget('Today')).toHaveCount(0);

  // Back again: Retry brings that slot's widget without a reload.
  await page.unroute('**/remotes/billing-mf/**');
  await dashboard.fallbacks('billing').first().getByRole('button', { name: 'Retry' }).click();
  await expect(dashboard.figure(dashboard.widget('Today'), 'Money in')).toHaveText('£20.00', { timeout: 20_000 });
});

test('a staff member without money permissions sees the stock, invoice and transfer widgets but no money widget', async ({ page, browser }) => {
  const shop = await dashboardShop(page.request);
  const staff = await addStaff(page.request, [{ action: ['view:item', 'view:invoice', 'view:transfer'], locations: [shop.main._id, shop.branch._id] }]);
  const context = await signedInContext(browser, staff.username, staff.password);
  const dashboard = new DashboardScreen(await context.newPage());
  await dashboard.open();
  await expect(dashboard.widget('Low stock').getByRole('listitem')).toContainText('Green Tea', { timeout: 20_000 });
  await expect(dashboard.widget('Recent invoices').getByRole('listitem')).toContainText('£36.00');
  await expect(dashboard.widget('Transfers awaiting completion').getByRole('listitem')).toContainText('Claw Hammer');
  await expect(dashboard.slots()).toHaveCount(3);
  await expect(dashboard.widget('Today')).toHaveCount(0);
  await expect(dashboard.widget('Last 30 days')).toHaveCount(0);
  await expect(dashboard.page.getByText('Outstanding credit')).toHaveCount(0);
  await context.close();
});

/** Whether the page scrolls sideways. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('on a 390x844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the widgets stack in one column with no sideways scrolling', async ({ page }) => {
    await dashboardShop(page.request);
    const dashboard = new DashboardScreen(page);
    await dashboard.open();
    // Every widget filled in (their heights final) before they are measured.
    await expect(dashboard.figure(dashboard.widget('Today'), 'Sales (1)')).toHaveText('£36.00', { timeout: 20_000 });
    await expect(dashboard.widget('Low stock').getByRole('listitem')).toHaveCount(1);
    await expect(dashboard.widget('Recent invoices').getByRole('listitem')).toHaveCount(1);
    await expect(dashboard.widget('Transfers awaiting completion').getByRole('listitem')).toHaveCount(1);
    await expect(dashboard.widget('Last 30 days').getByRole('img', { name: 'Sales and costs per day over the last 30 days' })).toBeVisible();
    const boxes = await Promise.all((await dashboard.slots().all()).map(async (slot) => (await slot.boundingBox())!));
    expect(boxes).toHaveLength(5);
    for (const [index, box] of boxes.entries()) {
      expect(box.x).toBe(boxes[0]!.x);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      if (index > 0) expect(box.y).toBeGreaterThanOrEqual(boxes[index - 1]!.y + boxes[index - 1]!.height);
    }
    expect(await overflowsSideways(page)).toBe(false);
  });
});
