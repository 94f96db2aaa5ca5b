import { expect, test } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { createdBy, registerOwner } from './support/session-accounts';

// The new owner's getting-started list on the dashboard (issue 24, rule 1): ticked from the
// business's real data, each step a link to where it is done, hidden once dismissed. Which fact
// ticks which step is apps/shell/src/pages/getting-started-steps.spec.ts.
test.describe.configure({ timeout: 90_000 });

test('a new owner sees the getting-started list on the dashboard, ticked from real data, its steps linking to where each is done, until hidden', async ({ page }) => {
  await registerOwner(page.request);
  const frame = new XFrame(page);
  await frame.open('/x');
  const list = page.getByRole('region', { name: 'Getting started' });
  await expect(list).toBeVisible({ timeout: 45_000 });
  await expect(list).toContainText('0 of 4 done');
  await expect(list.getByRole('link', { name: 'Make a first sale' })).toHaveAttribute('href', '/x/billing/sale');

  // An item made elsewhere ticks its step when the list is back in view.
  await createdBy(page.request)('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3.5' });
  await list.getByRole('link', { name: 'Add your first items, or import them from a CSV file' }).click();
  await expect(page).toHaveURL(/\/x\/inventory$/);
  await expect(page.getByRole('dialog', { name: 'Add an item' })).toBeVisible({ timeout: 25_000 });
  await page.getByRole('dialog', { name: 'Add an item' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(list).toContainText('1 of 4 done');
  await expect(list.getByRole('listitem').filter({ hasText: 'Add your first items' })).toContainText('(done)');

  await list.getByRole('button', { name: 'Hide this list' }).click();
  await expect(list).toHaveCount(0);
  await page.reload();
  await frame.waitUntilShown();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(list).toHaveCount(0);
});
