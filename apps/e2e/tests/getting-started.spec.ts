import { expect, test } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { waitForMail } from './support/outbox';
import { addStaff, createdBy, listLocations, PASSWORD, registerOwner, uniqueName } from './support/session-accounts';

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
  await expect(list).toContainText('0 of 5 done');
  await expect(list.getByRole('link', { name: 'Make a first sale' })).toHaveAttribute('href', '/x/billing/sale');

  // An item made elsewhere ticks its step when the list is back in view.
  await createdBy(page.request)('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3.5' });
  await list.getByRole('link', { name: 'Add your first items, or import them from a CSV file' }).click();
  await expect(page).toHaveURL(/\/x\/inventory$/);
  await expect(page.getByRole('dialog', { name: 'Add an item' })).toBeVisible({ timeout: 25_000 });
  await page.getByRole('dialog', { name: 'Add an item' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(list).toContainText('1 of 5 done');
  await expect(list.getByRole('listitem').filter({ hasText: 'Add your first items' })).toContainText('(done)');

  // The test receipt: printed on the New sale screen (the print dialog stubbed), at the printer's width, and ticked.
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed?: string }).printed = document.querySelector('[data-testid="receipt-print"] pre')?.textContent ?? '';
    };
  });
  await list.getByRole('link', { name: 'Print a test receipt' }).click();
  await expect(page).toHaveURL(/\/x\/billing\/sale$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: string }).printed ?? ''), { timeout: 25_000 }).toContain('TEST RECEIPT');
  const printed = await page.evaluate(() => (window as unknown as { printed?: string }).printed ?? '');
  expect(printed).toContain('Nothing was sold.');
  const widths = new Set(printed.split('\n').map((line) => line.length));
  expect(widths.size).toBe(1);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(list).toContainText('2 of 5 done');
  await expect(list.getByRole('listitem').filter({ hasText: 'Print a test receipt' })).toContainText('(done)');

  await list.getByRole('button', { name: 'Hide this list' }).click();
  await expect(list).toHaveCount(0);
  await page.reload();
  await frame.waitUntilShown();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(list).toHaveCount(0);
});

test('once every step is done the list is over: not shown, and later visits to the dashboard make none of its queries', async ({ page }) => {
  const owner = await registerOwner(page.request, { businessAddress: '1 Mill Lane, Leeds' });
  const created = createdBy(page.request);
  const [shop] = await listLocations(page.request);
  const tea = (await created('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3.5' })).item._id as string;
  await created('user/inventory/add/batch', { itemID: tea, locationID: shop!._id, quantity: '10', cost: '1.25' });
  await created('user/invoice', { locationID: shop!._id, items: [{ itemID: tea, quantity: '1' }], paymentMethod: 'Cash' });
  await addStaff(page.request);
  expect((await page.request.post('/api/v1/user/business/test-receipt', { data: {} })).ok()).toBe(true);

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/user/admin/invitations')) asked.push(request.url());
  });
  const frame = new XFrame(page);
  await frame.open('/x');
  const key = `stockbook-getting-started-dismissed:${owner.user._id}`;
  await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key), { timeout: 25_000 }).toBe('1');
  await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
  expect(asked).toHaveLength(1);

  await page.reload();
  await frame.waitUntilShown();
  await expect(page.getByTestId('today-money').locator('dd').first()).toBeVisible({ timeout: 25_000 });
  await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
  expect(asked).toHaveLength(1);
});

test("the list's staff step invites a cashier by e-mail; they join from the link in a second browser, signed in with their role, and the owner's screens follow", async ({ page, browser }) => {
  await registerOwner(page.request);
  const frame = new XFrame(page);
  await frame.open('/x');
  const list = page.getByRole('region', { name: 'Getting started' });
  await expect(list).toBeVisible({ timeout: 45_000 });
  await list.getByRole('link', { name: 'Invite your staff, each with a role' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite staff' });
  await expect(invite).toBeVisible({ timeout: 25_000 });
  const email = `${uniqueName('ann')}@example.com`;
  await invite.getByLabel('First name').fill('Ann');
  await invite.getByLabel('Last name').fill('Lee');
  await invite.getByLabel('E-mail').fill(email);
  await expect(invite.getByText('Sells, takes payments and adds customers at the till.')).toBeVisible();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText('Ann Lee invited', { exact: true })).toBeVisible();
  const open = page.getByRole('region', { name: 'Invitations not yet accepted' });
  await expect(open.getByRole('row').filter({ hasText: 'Ann Lee' })).toContainText('Cashier');

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Invite your staff' })).toContainText('(done)');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(open).toBeVisible({ timeout: 25_000 });

  // Ann opens the e-mailed link in her own browser and chooses her username and password.
  const mail = await waitForMail(email);
  expect(mail.subject).toMatch(/invited you to Harbour Hardware on Stockbook$/);
  const link = /\/user\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const ann = await browser.newContext();
  try {
    const annPage = await ann.newPage();
    await annPage.goto(link!);
    await expect(annPage.getByRole('heading', { name: 'Join Harbour Hardware' })).toBeVisible({ timeout: 25_000 });
    await expect(annPage.getByTestId('invited-email')).toHaveText(email);
    const username = uniqueName('ann');
    await annPage.getByLabel('Username').fill(username);
    await annPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await annPage.getByLabel('Repeat the password').fill('not the same one');
    await annPage.getByRole('button', { name: 'Join Harbour Hardware' }).click();
    await expect(annPage.getByText('The two passwords differ.')).toBeVisible();
    await annPage.getByLabel('Repeat the password').fill(PASSWORD);
    await annPage.getByRole('button', { name: 'Join Harbour Hardware' }).click();
    await expect(annPage).toHaveURL(/\/x$/, { timeout: 25_000 });
    const annFrame = new XFrame(annPage);
    await annFrame.waitUntilShown();
    // A cashier: the till is theirs, the admin screens are not; their profile says so.
    const annSections = annPage.getByRole('navigation', { name: 'Sections' });
    await expect(annSections.getByRole('link', { name: 'Billing', exact: true })).toBeVisible();
    await expect(annSections.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await (await annFrame.userMenuItem('Profile')).click();
    await expect(annPage.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible({ timeout: 25_000 });
    await expect(annPage.getByTestId('your-permissions')).toHaveText('Cashier (all locations)');

    // The owner's screen follows without a reload: Ann is a user, her invitation is gone.
    await expect(page.locator('[data-remote="admin"]').getByRole('table').first().getByRole('row').filter({ hasText: username })).toContainText('Cashier', { timeout: 15_000 });
    await expect(open).toHaveCount(0);

    // The link was single use.
    await annPage.context().clearCookies();
    await annPage.goto(link!);
    await expect(annPage.getByRole('heading', { name: 'This invitation is used or has expired' })).toBeVisible({ timeout: 25_000 });
  } finally {
    await ann.close();
  }
});
