import { expect, test } from '@playwright/test';
import { BillingScreens, salesShop } from './pages/billing.page';

// Issue 15 point 10: a dated table whose load fails shows a table of the failures (time, call,
// message, request id) and a way to try again, instead of an empty table.

test('a failed load of the invoices table lists the error with its call and request id, and Try again loads the table', async ({ page }) => {
  const shop = await salesShop(page.request);
  const invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '1' }]);
  let failing = true;
  await page.route('**/api/v1/user/invoice/dated**', async (route) => {
    if (!failing) return route.fallback();
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The database is not answering; try again in a moment.', code: 'SERVICE_UNAVAILABLE', requestId: 'req-dated-503' }),
    });
  });
  const billing = new BillingScreens(page);
  await billing.open('invoices');

  await expect(billing.content.getByText('Could not load the invoices')).toBeVisible({ timeout: 20_000 });
  const errors = billing.content.getByRole('table', { name: 'Load errors' });
  const row = errors.getByRole('row').filter({ hasText: 'req-dated-503' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('GET user/invoice/dated');
  await expect(row).toContainText('The database is not answering; try again in a moment.');
  await expect(row.getByRole('cell').first()).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(billing.content.getByRole('link', { name: `#${invoice.invoiceNumber}` })).toHaveCount(0);

  failing = false;
  await billing.content.getByRole('button', { name: 'Try again' }).click();
  await expect(billing.content.getByRole('link', { name: `#${invoice.invoiceNumber}` })).toBeVisible({ timeout: 20_000 });
  await expect(errors).toHaveCount(0);
});

// The transfers and the profit and loss report show their failed loads the same way.
for (const [screen, path, heading, what, call] of [
  ['transfers', '/x/billing/transfers', 'Transfers', 'the transfers', 'GET user/transfer'],
  ['profit and loss', '/x/billing/reports', 'Profit and loss', 'the profit and loss', 'GET user/report/profit-loss'],
] as const) {
  test(`a failed load of ${screen} lists the error with its call and request id, and Try again loads it`, async ({ page }) => {
    await salesShop(page.request);
    let failing = true;
    const api = call.replace(/^GET /, '');
    await page.route(new RegExp(`/api/v1/${api}(\\?|$)`), async (route) => {
      if (!failing) return route.fallback();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The database is not answering; try again in a moment.', code: 'SERVICE_UNAVAILABLE', requestId: `req-${screen.length}-503` }),
      });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
    const content = page.locator('[data-remote="billing"]');
    await expect(content.getByText(`Could not load ${what}`)).toBeVisible({ timeout: 20_000 });
    const row = content.getByRole('table', { name: 'Load errors' }).getByRole('row').filter({ hasText: `req-${screen.length}-503` });
    await expect(row.first()).toContainText(call);
    await expect(row.first()).toContainText('The database is not answering; try again in a moment.');

    failing = false;
    await content.getByRole('button', { name: 'Try again' }).click();
    await expect(content.getByRole('table', { name: 'Load errors' })).toHaveCount(0, { timeout: 20_000 });
    await expect(content.getByText(`Could not load ${what}`)).toHaveCount(0);
  });
}
