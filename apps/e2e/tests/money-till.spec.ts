import { expect, test } from '@playwright/test';
import { BillingScreens, salesShop } from './pages/billing.page';
import { chooseOptions } from './support/antd-select';

// Issue 22, rule 5: counting a location's till. The rule (expected cash = Σ the location's cash
// transactions; the difference booked as a Till transaction in cash; permissions) is proved on
// real PostgreSQL in apps/api/test/till.e2e-spec.ts and libs/domain/src/money/till.spec.ts.

test.describe.configure({ timeout: 90_000 });

test('the till is counted: the cash it should hold, the shortage shown as it is typed and booked, and the count listed with who made it', async ({ page }) => {
  const shop = await salesShop(page.request);
  // £20.00 cash and £5.00 card: the till should hold the £20.00.
  await shop.sell([{ itemID: shop.hammer._id, quantity: '2.5' }], { payments: [{ paymentMethod: 'Cash', amount: '20', tendered: '20' }, { paymentMethod: 'Card', amount: '5' }] });
  const billing = new BillingScreens(page);
  await billing.open('transactions');
  await billing.content.getByRole('button', { name: 'Count the till' }).click();
  const dialog = billing.dialog;
  await chooseOptions(dialog.getByLabel('Location'), shop.main.name);
  await expect(dialog.getByTestId('till-expected')).toHaveText('Cash the till should hold: £20.00');
  await dialog.getByLabel('Cash counted').fill('19.5');
  await expect(dialog.getByTestId('till-difference')).toHaveText('Short by £0.50');
  await dialog.getByLabel('Note').fill('Closing');
  await dialog.getByRole('button', { name: 'Save count' }).click();
  await expect(page.getByText(`Till counted at ${shop.main.name}`, { exact: true })).toBeVisible();
  await expect(page.getByText('£19.50 counted: short by £0.50.', { exact: true })).toBeVisible();

  // At the location: the Till transaction in cash, the till's cash now, and the count with who made it.
  await chooseOptions(billing.content.getByRole('combobox', { name: 'Location' }), shop.main.name);
  await expect(billing.content.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Till' })).toContainText('-£0.50');
  await expect(billing.content.getByTestId('till-now')).toHaveText('Cash the till should hold now: £19.50');
  const counts = billing.content.getByRole('table', { name: 'Till counts' });
  await expect(counts.getByRole('row').nth(1)).toContainText(`${shop.owner.user.firstName} ${shop.owner.user.lastName}`);
  await expect(counts.getByRole('row').nth(1)).toContainText('Short by £0.50');
  await expect(counts.getByRole('row').nth(1)).toContainText('Closing');
});
