import { expect, test } from '@playwright/test';
import { BillingScreens, salesShop } from './pages/billing.page';

// Issue 22, rule 4: the business's own time zone and the way its currency's country writes dates.
// Day boundaries (a sale at 23:30 local time, a dated list's today) are proved on real PostgreSQL
// in apps/api/test/time-zone.e2e-spec.ts; the formats in libs/domain/src/dates.spec.ts.

test.describe.configure({ timeout: 90_000 });

test('a US business on Kiritimati time sees its invoices dated month first, in its own time zone, whatever the browser’s', async ({ page }) => {
  const shop = await salesShop(page.request, { currency: 'USD', timeZone: 'Pacific/Kiritimati' });
  const invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '1' }]);
  const billing = new BillingScreens(page);
  await billing.open('invoices');
  const expected = new Intl.DateTimeFormat('en-US', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Pacific/Kiritimati' }).format(new Date(invoice.createdAt));
  await expect(billing.content.getByRole('row').filter({ hasText: `#${invoice.invoiceNumber}` })).toContainText(expected);
  // A dated screen starts at today there, and its picker writes it month first.
  await billing.open('expenses');
  const today = new Intl.DateTimeFormat('en-US', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Pacific/Kiritimati' }).format(new Date());
  await expect(page.locator('#expenses-from')).toHaveValue(today);
  await expect(page.locator('#expenses-to')).toHaveValue(today);
});
