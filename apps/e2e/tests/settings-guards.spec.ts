import { expect, test } from '@playwright/test';
import { AdminScreens } from './pages/admin.page';
import { addLocation, addStaff, registerBusiness, signedInContext } from './support/admin-accounts';
import { chooseOptions, selectNamed } from './support/antd-select';
import { seriousViolationsWithin } from './support/admin-axe';
import { seriousViolations } from './support/axe';
import { createdBy } from './support/session-accounts';

// Issue 13 point 7: the settings guard what a shop cannot undo, and the messages screen shows
// both sides of a conversation; point 1 for the activity log: its filter follows the header.

test.describe('the business currency', () => {
  test('warns before it changes, then is fixed once money is recorded', async ({ page }) => {
    test.slow(); // two saves, an item, a batch and a reload of a cold screen on a two-core machine
    const request = page.context().request;
    const owner = await registerBusiness(request, 'Currency Shop');
    const admin = new AdminScreens(page);
    await admin.openBusiness();

    // Before any money: choosing another currency warns, and saving it works.
    const currentCurrency = ((await (await request.get('/api/v1/user/business')).json()) as { business: { currency: string } }).business.currency;
    const other = currentCurrency === 'GBP' ? 'AUD' : 'GBP';
    await chooseOptions(selectNamed(page, 'Currency'), other);
    await expect(page.getByTestId('currency-warning')).toContainText(`Change the currency from ${currentCurrency} to ${other}?`);
    await expect(page.getByTestId('currency-warning')).toContainText('once a batch cost, a balance or a sale is recorded, the currency cannot change');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save business profile' }).click();
    await expect(admin.toast('Business profile saved')).toBeVisible();

    // A costed batch records money: the currency is now fixed, in the form and in the API.
    const create = createdBy(request);
    const { item } = (await create('user/inventory/add/simple/item', { itemName: 'Tea', price: '4.50' })) as { item: { _id: string } };
    await create('user/inventory/add/batch', { itemID: item._id, locationID: owner.location._id, quantity: '10', cost: '2.00' });
    await admin.reload('Business profile');
    await expect(selectNamed(page, 'Currency')).toBeDisabled();
    await expect(page.getByText(`Fixed: amounts have been recorded in ${other}.`)).toBeVisible();
    await expect(page.getByTestId('currency-warning')).toHaveCount(0);
    const refused = await request.patch('/api/v1/user/business', { data: { currency: currentCurrency } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('CURRENCY_LOCKED');

    // The rest of the profile still saves.
    await page.getByLabel('Business name').fill('Currency Shop Ltd');
    await page.getByRole('button', { name: 'Save business profile' }).click();
    await expect(admin.toast('Business profile saved')).toBeVisible();
    const saved = ((await (await request.get('/api/v1/user/business')).json()) as { business: { businessName: string; currency: string } }).business;
    expect(saved).toMatchObject({ businessName: 'Currency Shop Ltd', currency: other });
  });

  test('a contact number must be a phone number, in the form and the API', async ({ page }) => {
    await registerBusiness(page.context().request);
    const admin = new AdminScreens(page);
    await admin.openBusiness();
    await page.getByLabel('Contact number').fill('call us');
    await page.getByRole('button', { name: 'Save business profile' }).click();
    await expect(page.getByText(/^Enter a phone number: 6 to 15 digits/)).toBeVisible();
    await page.getByLabel('Contact number').fill('0113 496 0000');
    await expect(page.getByText(/^Enter a phone number: 6 to 15 digits/)).toBeHidden();
    await page.getByRole('button', { name: 'Save business profile' }).click();
    await expect(admin.toast('Business profile saved')).toBeVisible();
  });
});

test.describe('messages', () => {
  test('the Sent view lists what one sent, to whom, and whether they have read it', async ({ page, browser }) => {
    const request = page.context().request;
    await registerBusiness(request);
    const staff = await addStaff(request, 'Sam', 'Sender');
    const admin = new AdminScreens(page);
    await admin.open('/x/messages', 'Messages');
    await page.getByRole('tab', { name: 'Sent' }).click();
    await expect(page.getByText('You have not sent any messages yet.')).toBeVisible();

    await chooseOptions(selectNamed(page, 'To'), /^Sam Sender \(/);
    await page.getByLabel('Subject').fill('Opening hours');
    await page.getByLabel('Message').fill('We open at eight tomorrow.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const row = page.getByRole('tabpanel', { name: 'Sent' }).getByRole('row').filter({ hasText: 'Opening hours' });
    await expect(row).toContainText('Sam Sender');
    await expect(row).toContainText('We open at eight tomorrow.');
    await expect(row).toContainText('Not read yet');
    // (Within the messages screen: the toast fading in is not the screen's contrast.)
    expect(await seriousViolationsWithin(page, '[data-remote="admin"]')).toEqual([]);

    // The recipient reads it; the sender's open Sent view follows (a live invalidate).
    const staffContext = await signedInContext(browser, staff.username);
    try {
      const inbox = await staffContext.request.get('/api/v1/user/message');
      const { messages } = (await inbox.json()) as { messages: { _id: string }[] };
      const read = await staffContext.request.post('/api/v1/user/message/read', { data: { ids: messages.map((m) => m._id) } });
      expect(read.status()).toBe(200);
    } finally {
      await staffContext.close();
    }
    await expect(row.getByText('Read', { exact: true })).toBeVisible();
    await expect(row).not.toContainText('Not read yet');
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await expect(admin.unreadLine()).toHaveText('No unread messages.');
  });
});

test.describe('the activity log and the working location', () => {
  test('the location filter starts from the header\'s location and follows it', async ({ page }) => {
    const request = page.context().request;
    const owner = await registerBusiness(request);
    const branch = await addLocation(request, 'Canal Branch');
    const admin = new AdminScreens(page);
    await admin.open('/x/activity', 'Activity');
    // The screen's own filter: the antd select around the #activity-locations input, with its chosen tags.
    const filter = page.locator('.ant-select', { has: page.locator('#activity-locations') });
    const rows = admin.content.getByRole('table').locator('tbody tr.ant-table-row');
    // All locations: the new location's creation is listed.
    await expect(rows.filter({ hasText: 'Canal Branch' }).first()).toBeVisible();
    await expect(filter).not.toContainText(owner.location.name);

    // The header's selector (the screen's own filter is "Locations").
    const header = page.getByTestId('location-selector').getByRole('combobox', { name: 'Location' });
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/user/activity') && r.url().includes(`locations=${owner.location._id}`));
    await chooseOptions(header, owner.location.name);
    await asked;
    await expect(filter).toContainText(owner.location.name);
    await expect(rows.filter({ hasText: 'Created location Canal Branch' })).toHaveCount(0);

    await chooseOptions(header, branch.name);
    await expect(filter).toContainText(branch.name);
    await expect(filter).not.toContainText(owner.location.name);
    await expect(rows.filter({ hasText: 'Canal Branch' }).first()).toBeVisible();

    // On a reload the remembered header choice is where the filter starts.
    await admin.reload('Activity');
    await expect(filter).toContainText(branch.name);
  });
});
