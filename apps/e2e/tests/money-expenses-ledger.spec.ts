import { expect, test, type Page } from '@playwright/test';
import { MoneyScreens, moneyShop } from './pages/money.page';
import { seriousViolationsWithin } from './support/admin-axe';
import { chooseOptions, selectNamed } from './support/antd-select';
import { seriousViolations } from './support/axe';
import { addStaff, signedInContext } from './support/session-accounts';

// Issue 15 point 8 (Expenses, Transactions, Capital and Withdrawal) and point 10 (a failed load of
// a dated table lists the failure). Every figure below is worked out by hand from what the test
// did: the shop's sale (2 x 10.00, 15.00 paid: +15.00, 5.00 on credit), then the steps.

test.describe.configure({ timeout: 150_000 });

const today = () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'short' }).format(new Date());

/** Add expense in the browser: 7.50 of Rent, "November rent", today at the working location. */
async function addRent(money: MoneyScreens) {
  await money.openMoney('expenses');
  await money.openDialog('Add expense');
  // The location starts at the working location, the day at today.
  await expect(money.dialog.locator('.ant-form-item').filter({ hasText: 'Location' }).first()).toContainText('High Street');
  await expect(money.dialog.getByLabel('Date')).toHaveValue(today());
  // Nothing filled in: the contract's messages, before anything is sent.
  await money.submitDialog('Add expense');
  await expect(money.fieldError('Category')).toContainText('Choose a category');
  await money.fillExpense({ amount: '7.50', category: 'Rent', description: 'November rent' });
  await money.submitDialog('Add expense');
  await expect(money.toast(`Expense Rent of ${today()} (November rent) added`)).toBeVisible();
  await expect(money.dialog).toHaveCount(0);
  const row = money.expenseRows('November rent');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('£7.50');
  await expect(row).toContainText('High Street');
  await expect(row).toContainText('Hana Harbour');
  await expect(row).toContainText('Active');
}

test('an expense added and cancelled in the browser shows in the ledger twice, with the running balance right', async ({ page }) => {
  const shop = await moneyShop(page.request);
  const money = new MoneyScreens(page);
  await money.workAt(shop.owner.user._id, shop.main._id);

  await addRent(money);
  const name = `Rent of ${today()} (November rent)`;
  await money.expenseAction('Cancel', name).click();
  await money.confirm('Cancel expense');
  await expect(money.toast(`Expense ${name} cancelled`)).toBeVisible();
  const row = money.expenseRows('November rent');
  await expect(row).toContainText('Cancelled');
  await expect(money.expenseAction('Cancel', name)).toHaveCount(0);
  // Still deletable (it leaves the list; its money is already back).
  await expect(money.expenseAction('Delete', name)).toHaveCount(1);

  // The ledger, newest first: the sale +15.00 (15.00), the rent -7.50 (7.50), its reversal +7.50 (15.00).
  await money.openMoney('transactions');
  await expect.poll(() => money.ledger()).toHaveLength(3);
  const ledger = await money.ledger();
  expect(ledger.map((entry) => [entry['Type'], entry['Amount'], entry['Balance after'], entry['For'], entry['By']])).toEqual([
    ['Expense', '+£7.50', '£15.00', 'Expense: Rent (November rent) · reversal', 'Hana Harbour'],
    ['Expense', '-£7.50', '£7.50', 'Expense: Rent (November rent)', 'Hana Harbour'],
    ['Sale', '+£15.00', '£15.00', `Invoice #${shop.invoice.invoiceNumber}`, 'Hana Harbour'],
  ]);
  await expect(money.balance(shop.main._id, 'Current balance')).toHaveText('£15.00');
  await expect(money.balance(shop.main._id, 'Outstanding credit')).toHaveText('£5.00');

  // Only the expenses, by the type filter.
  await chooseOptions(selectNamed(money.content, 'Type'), 'Expense');
  await expect.poll(async () => (await money.ledger()).map((entry) => entry['Amount'])).toEqual(['+£7.50', '-£7.50']);

  // The sale's row opens the invoice's drawer.
  await chooseOptions(selectNamed(money.content, 'Type'), 'Sale');
  await money.content.getByRole('link', { name: `Invoice #${shop.invoice.invoiceNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/x/billing/invoices/${shop.invoice._id}`));
  await expect(money.drawer.getByTestId('invoice-details')).toBeVisible();
});

test('the owner adds capital and withdraws beyond the balance only when saying so; staff without admin see neither', async ({ page, browser }) => {
  const shop = await moneyShop(page.request);
  const money = new MoneyScreens(page);
  await money.workAt(shop.owner.user._id, shop.main._id);
  await money.openMoney('transactions');
  await expect(money.balance(shop.main._id, 'Current balance')).toHaveText('£15.00');

  await money.openDialog('Add capital');
  await expect(money.dialog.locator('.ant-form-item').filter({ hasText: 'Location' }).first()).toContainText('High Street');
  await money.dialog.getByLabel('Amount').fill('100');
  await money.dialog.getByLabel('Description').fill('Opening float');
  await money.submitDialog('Add capital');
  await expect(money.toast('Capital of £100.00 added')).toBeVisible();
  await expect(money.dialog).toHaveCount(0);
  await expect(money.balance(shop.main._id, 'Current balance')).toHaveText('£115.00');

  // 150.00 out of 115.00: refused (409 INSUFFICIENT_BALANCE) and said, then sent again explicitly.
  await money.openDialog('Withdraw');
  await money.dialog.getByLabel('Amount').fill('150');
  await money.submitDialog('Withdraw');
  const shortfall = money.dialog.getByRole('alert').filter({ hasText: 'Not enough money at this location' });
  await expect(shortfall).toBeVisible();
  await expect(money.fieldError('Amount')).not.toHaveCount(0);
  await expect(money.balance(shop.main._id, 'Current balance')).toHaveText('£115.00');
  await shortfall.getByRole('button', { name: 'Withdraw anyway' }).click();
  await expect(money.toast('Withdrawal of £150.00 made')).toBeVisible();
  await expect(money.dialog).toHaveCount(0);

  await expect(money.balance(shop.main._id, 'Current balance')).toHaveText('-£35.00');
  await expect.poll(async () => (await money.ledger()).map((entry) => [entry['Type'], entry['Amount'], entry['Balance after'], entry['For']])).toEqual([
    ['Withdrawal', '-£150.00', '-£35.00', 'Withdrawal'],
    ['Capital', '+£100.00', '£115.00', 'Capital'],
    ['Sale', '+£15.00', '£15.00', `Invoice #${shop.invoice.invoiceNumber}`],
  ]);

  // A staff member who may see the ledger but is no administrator: no capital, no withdrawal (and the API agrees).
  const staff = await addStaff(page.request, [{ action: ['view:transaction'], locations: [shop.main._id] }]);
  const context = await signedInContext(browser, staff.username, staff.password);
  const theirs = new MoneyScreens(await context.newPage());
  await theirs.openMoney('transactions');
  await expect.poll(() => theirs.ledger()).toHaveLength(3);
  await expect(theirs.content.getByRole('button', { name: 'Add capital' })).toHaveCount(0);
  await expect(theirs.content.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  const refused = await context.request.post('/api/v1/user/admin/capital', { data: { locationID: shop.main._id, amount: '1' } });
  expect(refused.status()).toBe(403);
  await context.close();
});

/** Answers a GET of `path` (exactly, under /api/v1/) with a 500 carrying `requestId`, while `failing()`. */
async function failGets(page: Page, path: string, requestId: string, failing: () => boolean) {
  await page.route(
    (url) => url.pathname === `/api/v1/${path}`,
    async (route) => {
      if (route.request().method() !== 'GET' || !failing()) return route.fallback();
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something broke on our side.', requestId }) });
    },
  );
}

test('a failed load of the expenses or the ledger lists the error with its call and request id instead of an empty table', async ({ page }) => {
  const shop = await moneyShop(page.request);
  await shop.expense('12', 'Utilities', 'Electricity');
  let failing = true;
  await failGets(page, 'user/expense', 'req-expenses-500', () => failing);
  await failGets(page, 'user/transaction/dated', 'req-ledger-500', () => failing);
  const money = new MoneyScreens(page);

  for (const [screen, what, call, requestId] of [
    ['expenses', 'the expenses', 'GET user/expense', 'req-expenses-500'],
    ['transactions', 'the transactions', 'GET user/transaction/dated', 'req-ledger-500'],
  ] as const) {
    failing = true;
    await money.openMoney(screen);
    await expect(money.content.getByText(`Could not load ${what}`)).toBeVisible({ timeout: 30_000 });
    const row = money.content.getByRole('table', { name: 'Load errors' }).getByRole('row').filter({ hasText: requestId });
    await expect(row.first()).toContainText(call);
    await expect(row.first()).toContainText('Something broke on our side.');
    await expect(row.first().getByRole('cell').first()).toHaveText(/^\d\d:\d\d:\d\d$/);
    failing = false;
    await money.content.getByRole('button', { name: 'Try again' }).click();
    await expect(money.content.getByRole('table', { name: 'Load errors' })).toHaveCount(0, { timeout: 20_000 });
  }
  // Loaded again: the ledger has the sale and the electricity.
  await expect.poll(() => money.ledger()).toHaveLength(2);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the expenses and transactions screens and their dialogs in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    const shop = await moneyShop(page.request);
    const cancelled = await shop.expense('4', 'Meals', 'Team lunch');
    await shop.post('user/expense/cancel', { expenseID: cancelled._id });
    await shop.expense('9.99', 'Office Supplies', 'Paper');
    const money = new MoneyScreens(page);
    await money.workAt(shop.owner.user._id, shop.main._id);

    await money.openMoney('expenses');
    await expect(money.expenseRows('Team lunch')).toContainText('Cancelled');
    expect(await seriousViolations(page)).toEqual([]);
    await money.openDialog('Add expense');
    await money.dialog.getByLabel('Amount').fill('0');
    await money.submitDialog('Add expense');
    await expect(money.fieldError('Amount')).toHaveText('Amount must be more than 0.');
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    await money.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

    await money.openMoney('transactions');
    await expect.poll(() => money.ledger()).toHaveLength(4);
    expect(await seriousViolations(page)).toEqual([]);
    await money.openDialog('Add capital');
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    await money.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
    await money.openDialog('Withdraw');
    await money.dialog.getByLabel('Amount').fill('1000');
    await money.submitDialog('Withdraw');
    await expect(money.dialog.getByRole('button', { name: 'Withdraw anyway' })).toBeVisible();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an expense is added, and the expenses and transactions screens pass axe', async ({ page }) => {
    const shop = await moneyShop(page.request);
    const money = new MoneyScreens(page);
    await money.workAt(shop.owner.user._id, shop.main._id);
    await addRent(money);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await money.openMoney('transactions');
    await expect.poll(() => money.ledger()).toHaveLength(2);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
