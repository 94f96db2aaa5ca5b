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
