import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import type { ManagedUser } from '@stockbook/contracts';
import { AdminScreens } from './pages/admin.page';
import { XFrame } from './pages/x-frame.page';
import { PASSWORD, addLocation, addStaff, registerBusiness, signedInContext, uniqueName } from './support/admin-accounts';
import { chooseOptions, selectNamed } from './support/antd-select';
import { createdBy } from './support/session-accounts';

// The admin remote's screens against the real API: each test registers its own business through
// user/register (which signs the page's browser context in as the owner) and seeds through the
// API; after the first page load it moves through the app's own menus. The rules behind these
// screens (409s, 403s, locks, the currency lock, validation) are proven in apps/api/test
// (users-admin, business-and-locations, messages-and-activity); here, that each screen wires them.

// Each test is one flow of several screens with one cold load of the shell and the admin remote
// (its own antd): on this shared two-core machine that first load alone has taken 20 s.
test.describe.configure({ timeout: 90_000 });

async function usersOf(page: Page): Promise<ManagedUser[]> {
  const response = await page.context().request.get('/api/v1/user/admin/users');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { users: ManagedUser[] }).users;
}

test('users: a taken username shows on its field, then an administrator adds a staff user, edits, locks and unlocks them; the owner has no Lock', async ({ page }) => {
  const owner = await registerBusiness(page.context().request);
  const admin = new AdminScreens(page);
  await admin.openUsers();
  await expect(admin.userRow(owner.username)).toContainText('Owner');
  // The owner cannot be locked: the screen offers no Lock at all (the API's 403 is users-admin's).
  await expect(admin.usersTable.getByRole('button', { name: /^Lock / })).toHaveCount(0);

  await admin.content.getByRole('button', { name: 'Add a staff user' }).click();
  const dialog = admin.dialog('Add a staff user');
  await dialog.getByLabel('First name').fill('Sam');
  await dialog.getByLabel('Last name').fill('Staff');
  await dialog.getByLabel('Username').fill(owner.username);
  const username = uniqueName('sam');
  await dialog.getByLabel('E-mail').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // A role fills their permissions (issue 24): a cashier, at the business's one location.
  await expect(dialog.getByLabel('Role')).toBeVisible();
  await expect(dialog.getByText('Sells, takes payments and adds customers at the till.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('That username is taken. Choose another.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.toast('Sam Staff can now sign in')).toBeVisible();
  const row = admin.userRow(username);
  await expect(row).toContainText('Sam Staff');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Cashier (all locations)');
  // The row names the role only when the entry grants exactly the preset's actions (presetOf).
  const [entry] = (await usersOf(page)).find((user) => user.username === username)?.permissions ?? [];
  expect(entry).toMatchObject({ action: expect.arrayContaining(['create:invoice', 'payment:invoice']), locations: [] });

  const edit = await admin.openEdit('Sam Staff');
  await edit.getByLabel('Last name').fill('Sterling');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Sam Sterling');
  expect((await usersOf(page)).find((user) => user.username === username)?.lastName).toBe('Sterling');

  await admin.lock('Sam Sterling');
  await expect(admin.toast('Sam Sterling is locked')).toBeVisible();
  await expect(row).toContainText('Locked');
  expect((await usersOf(page)).find((user) => user.username === username)?.locked).toBe(true);

  await admin.unlock('Sam Sterling');
  await expect(admin.toast('Sam Sterling is unlocked')).toBeVisible();
  await expect(row).toContainText('Active');
  expect((await usersOf(page)).find((user) => user.username === username)?.locked).toBe(false);
});

test('the permissions editor: an entry needs an action and a location; it saves view:item at one location and an entry for all locations, shows them again, and removes one', async ({ page }) => {
  const request = page.context().request;
  const owner = await registerBusiness(request);
  const warehouse = await addLocation(request, 'Warehouse');
  const staff = await addStaff(request, 'Pat', 'Picker');
  const admin = new AdminScreens(page);
  await admin.openUsers();

  const dialog = await admin.openPermissions('Pat Picker');
  await dialog.getByRole('button', { name: 'Add an entry' }).click();
  await dialog.getByRole('button', { name: 'Save permissions' }).click();
  await expect(dialog.getByText('Choose at least one action.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one location, or switch on All locations.')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await usersOf(page)).find((user) => user._id === staff._id)?.permissions).toEqual([]);

  const first = dialog.getByRole('group', { name: 'Entry 1' });
  await chooseOptions(selectNamed(first, 'Actions'), ['View items']);
  await chooseOptions(selectNamed(first, 'Locations'), ['Warehouse']);
  await dialog.getByRole('button', { name: 'Add an entry' }).click();
  const second = dialog.getByRole('group', { name: 'Entry 2' });
  await chooseOptions(selectNamed(second, 'Actions'), ['View customers', 'Create invoices']);
  await second.getByRole('switch', { name: 'All locations' }).click();
  await dialog.getByRole('button', { name: 'Save permissions' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.toast('Permissions of Pat Picker saved')).toBeVisible();
  const row = admin.userRow(staff.username);
  await expect(row).toContainText('View items at Warehouse');
  await expect(row).toContainText('View customers, Create invoices (all locations)');
  expect((await usersOf(page)).find((user) => user._id === staff._id)?.permissions).toEqual([
    { action: ['view:item'], locations: [warehouse._id] },
    { action: ['view:customer', 'create:invoice'], locations: [] },
  ]);
  expect(warehouse._id).not.toBe(owner.location._id);

  // Opened again, the editor shows what was saved; removing the second entry saves one.
  const again = await admin.openPermissions('Pat Picker');
  const saved = again.getByRole('group', { name: 'Entry 1' });
  await expect(saved.locator('.ant-select-selection-item', { hasText: 'View items' })).toBeVisible();
  await expect(saved.locator('.ant-select-selection-item', { hasText: 'Warehouse' })).toBeVisible();
  await expect(again.getByRole('group', { name: 'Entry 2' }).getByRole('switch', { name: 'All locations' })).toBeChecked();
  await again.getByRole('button', { name: 'Remove entry 2' }).click();
  await again.getByRole('button', { name: 'Save permissions' }).click();
  await expect(again).toBeHidden();
  await expect(row).not.toContainText('Create invoices');
  expect((await usersOf(page)).find((user) => user._id === staff._id)?.permissions).toEqual([{ action: ['view:item'], locations: [warehouse._id] }]);

  // A role fills the first entry's actions (issue 24), its locations kept; the table then names the role.
  const role = await admin.openPermissions('Pat Picker');
  await chooseOptions(selectNamed(role, 'Fill from a role'), 'Stock keeper');
  const filled = role.getByRole('group', { name: 'Entry 1' });
  await expect(filled.locator('.ant-select-selection-item', { hasText: 'Create items' })).toBeVisible();
  await expect(filled.locator('.ant-select-selection-item', { hasText: 'Warehouse' })).toBeVisible();
  await role.getByRole('button', { name: 'Save permissions' }).click();
  await expect(role).toBeHidden();
  await expect(row).toContainText('Stock keeper at Warehouse');
});

test('business settings: the admin menu; the business profile refuses a short printer width and a contact number that is no phone number, warns before the currency changes, saves every field, then shows the currency fixed once money is recorded; locations are added and edited', async ({ page }) => {
  const request = page.context().request;
  const owner = await registerBusiness(request, 'Old Name Ltd');
  const admin = new AdminScreens(page);
  await admin.openUsers();
  await admin.adminNav.getByRole('link', { name: 'Business profile' }).click();
  await expect(page).toHaveURL(/\/x\/admin\/business$/);
  await expect(admin.heading('Business profile')).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue('Old Name Ltd');

  // The form's own checks, on their fields (the API's 400s are business-and-locations').
  const width = page.getByLabel('Width (characters per line)');
  await width.fill('40');
  await page.getByLabel('Contact number').fill('call us');
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await expect(page.getByText('Width must be at least 46 characters', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Enter a phone number: 6 to 15 digits/)).toBeVisible();

  await page.getByLabel('Business name').fill('New Name Ltd');
  await page.getByLabel('Address').fill('1 High Street, Leeds');
  await page.getByLabel('Contact number').fill('+44 113 000 0000');
  await expect(page.getByText(/^Enter a phone number: 6 to 15 digits/)).toBeHidden();
  await page.getByLabel('Business e-mail').fill('hello@newname.example');
  // Before any money, choosing another currency warns what it means.
  await chooseOptions(selectNamed(page, 'Currency'), 'US dollar (USD)');
  await expect(page.getByTestId('currency-warning')).toContainText('Change the currency from GBP to USD?');
  await expect(page.getByTestId('currency-warning')).toContainText('once a batch cost, a balance or a sale is recorded, the currency cannot change');
  await chooseOptions(selectNamed(page, 'Inventory valuation method'), 'AVCO: average cost');
  await page.getByLabel('Footer line 1').fill('Thank you for shopping');
  await page.getByLabel('Footer line 2').fill('Come again');
  await width.fill('58');
  await page.getByRole('switch', { name: 'Print on invoices' }).click();
  await page.getByRole('switch', { name: 'E-mail customers' }).click();
  await page.getByRole('switch', { name: 'Text suppliers' }).click();
  await expect(page.getByText('Width must be at least 46 characters', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await expect(admin.toast('Business profile saved')).toBeVisible();

  const response = await request.get('/api/v1/user/business');
  const { business } = (await response.json()) as { business: Record<string, unknown> };
  expect(business).toMatchObject({
    businessName: 'New Name Ltd',
    businessAddress: '1 High Street, Leeds',
    contactNumber: '+44 113 000 0000',
    businessEmail: 'hello@newname.example',
    currency: 'USD',
    inventoryValuationMethod: 'AVCO',
    printer: { footer1: 'Thank you for shopping', footer2: 'Come again', width: 58, printOnInvoice: true, printCurrency: true },
    notification: { customerEmail: true, customerSMS: false, supplierEmail: false, supplierSMS: true },
  });

  // A costed batch records money. A reload (what the owner does next) shows the saved profile
  // and the currency fixed; the API's 409 is business-and-locations'.
  const create = createdBy(request);
  const { item } = (await create('user/inventory/add/simple/item', { itemName: 'Tea', price: '4.50' })) as { item: { _id: string } };
  await create('user/inventory/add/batch', { itemID: item._id, locationID: owner.location._id, quantity: '10', cost: '2.00' });
  await admin.reload('Business profile');
  await expect(page.getByLabel('Business name')).toHaveValue('New Name Ltd');
  await expect(width).toHaveValue('58');
  await expect(page.getByRole('switch', { name: 'Print on invoices' })).toBeChecked();
  await expect(selectNamed(page, 'Currency')).toBeDisabled();
  await expect(page.getByText('Fixed: amounts have been recorded in USD.')).toBeVisible();
  await expect(page.getByTestId('currency-warning')).toHaveCount(0);
  // The rest of the profile still saves.
  await page.getByLabel('Business name').fill('Currency Shop Ltd');
  await page.getByRole('button', { name: 'Save business profile' }).click();
  await expect(admin.toast('Business profile saved')).toBeVisible();
  // Everything of the business, downloaded with the session the browser holds (the rows: business-export.e2e-spec.ts).
  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all your data' }).click()]);
  expect(exported.suggestedFilename()).toMatch(/^stockbook-currency-shop-ltd-\d{4}-\d\d-\d\d\.jsonl\.gz$/);
  const header = JSON.parse(gunzipSync(readFileSync((await exported.path())!)).toString().split('\n')[0]!);
  expect(header).toMatchObject({ format: 'stockbook-business-export', businessId: owner.user.businessId });

  await admin.adminNav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/x\/admin$/);
  await expect(admin.heading('Users')).toBeVisible();

  // Locations, from the sidebar.
  await new XFrame(page).sidebar.getByRole('link', { name: 'Locations' }).click();
  await expect(admin.heading('Locations')).toBeVisible();
  const table = admin.content.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Main store' })).toBeVisible();
  await admin.content.getByRole('button', { name: 'Add a location' }).click();
  const add = admin.dialog('Add a location');
  await add.getByLabel('Name').fill('Riverside depot');
  await add.getByLabel('Address').fill('2 River Road');
  await add.getByLabel('Contact number').fill('0113 111 1111');
  await add.getByRole('switch', { name: 'Can sell' }).click();
  await add.getByRole('button', { name: 'Add location' }).click();
  await expect(add).toBeHidden();
  await expect(admin.toast('Riverside depot added')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Riverside depot' });
  await expect(row).toContainText('2 River Road');
  await expect(row).toContainText('Stock only');

  await row.getByRole('button', { name: 'Edit Riverside depot' }).click();
  const editLocation = admin.dialog('Edit Riverside depot');
  await editLocation.getByLabel('Name').fill('Riverside shop');
  await editLocation.getByRole('switch', { name: 'Can sell' }).click();
  await editLocation.getByRole('button', { name: 'Save changes' }).click();
  await expect(editLocation).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Riverside shop' })).toContainText('Can sell');
  await expect(table.getByRole('row').filter({ hasText: 'Riverside depot' })).toHaveCount(0);
  const locations = (await (await request.get('/api/v1/user/location')).json()) as { data: { name: string; address: string; contactNumber: string; canSell: boolean }[] };
  expect(locations.data.find((location) => location.name === 'Riverside shop')).toMatchObject({ address: '2 River Road', contactNumber: '0113 111 1111', canSell: true });
});

test("the activity log: administrator actions newest first, ten to a page; its location filter starts from the header's location, follows it, and is kept across a reload", async ({ page }) => {
  const request = page.context().request;
  const owner = await registerBusiness(request);
  const branch = await addLocation(request, 'Canal Branch');
  const staff = await addStaff(request, 'Ada', 'Active');
  const locked = await request.post('/api/v1/user/admin/lock', { data: { userId: staff._id, locked: true } });
  expect(locked.status(), await locked.text()).toBe(200);
  const admin = new AdminScreens(page);
  await admin.open('/x/activity', 'Activity');
  const rows = admin.content.getByRole('table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText(`Locked user Ada Active (${staff.username})`);
  await expect(rows.nth(1)).toContainText(`Created user Ada Active (${staff.username})`);
  await expect(rows.first()).toContainText('Olivia Owner');

  // The screen's own filter: the antd select around the #activity-locations input, with its chosen tags.
  const filter = page.locator('.ant-select', { has: page.locator('#activity-locations') });
  await expect(rows.filter({ hasText: 'Created location Canal Branch' })).toBeVisible();
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
  await expect(rows.filter({ hasText: 'Created location Canal Branch' })).toBeVisible();
  // On a reload the remembered header choice is where the filter starts.
  await admin.reload('Activity');
  await expect(filter).toContainText(branch.name);

  // All locations again; more than ten entries (written elsewhere, arriving live) make a second page.
  await chooseOptions(header, 'All locations');
  await expect(filter).not.toContainText(branch.name);
  await expect(rows.first()).toContainText(`Locked user Ada Active (${staff.username})`);
  await new XFrame(page).waitForLiveSession();
  for (let index = 0; index < 10; index += 1) await addLocation(request, `Store ${index + 1}`);
  await expect(rows.first()).toContainText('Created location Store 10');
  await expect(rows).toHaveCount(10);
  await expect(admin.content.getByText(/^1[2-9] entries$/)).toBeVisible();
  await admin.content.getByTitle('2', { exact: true }).click();
  await expect(rows.filter({ hasText: `Created user Ada Active (${staff.username})` })).toBeVisible();
});

test("messages and one's profile: a message arrives unread, is marked read (the sender's Sent view follows live) and answered; one changes one's own name, and the password only with the current one", async ({ page, browser }) => {
  const request = page.context().request;
  const owner = await registerBusiness(request);
  const staff = await addStaff(request, 'Mia', 'Reader');
  const admin = new AdminScreens(page);
  await admin.open('/x/messages', 'Messages');
  await expect(admin.unreadLine()).toHaveText('No unread messages.');
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page.getByText('You have not sent any messages yet.')).toBeVisible();

  await chooseOptions(selectNamed(page, 'To'), /^Mia Reader \(/);
  await page.getByLabel('Subject').fill('Stock count');
  await page.getByLabel('Message').fill('Please count the shelves on Friday.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(admin.toast(`Message sent to Mia Reader (${staff.username})`)).toBeVisible();
  const sent = page.getByRole('tabpanel', { name: 'Sent' }).getByRole('row').filter({ hasText: 'Stock count' });
  await expect(sent).toContainText('Mia Reader');
  await expect(sent).toContainText('Please count the shelves on Friday.');
  await expect(sent).toContainText('Not read yet');
  await new XFrame(page).waitForLiveSession();

  const staffContext = await signedInContext(browser, staff.username);
  try {
    const staffPage = await staffContext.newPage();
    const inbox = new AdminScreens(staffPage);
    await inbox.open('/x/messages', 'Messages');
    await expect(inbox.unreadLine()).toHaveText('1 unread message.');
    const row = staffPage.getByRole('row').filter({ hasText: 'Stock count' });
    await expect(row).toContainText('Unread');
    await expect(row).toContainText('Olivia Owner');
    await expect(row).toContainText('Please count the shelves on Friday.');

    await row.getByRole('button', { name: /^Mark "Stock count"/ }).click();
    await expect(inbox.unreadLine()).toHaveText('No unread messages.');
    await expect(row).toContainText('Read');
    // The sender's open Sent view follows (a live invalidate), without a reload.
    await expect(sent.getByText('Read', { exact: true })).toBeVisible();
    await expect(sent).not.toContainText('Not read yet');

    // Staff cannot load the users list, but can answer who wrote to them.
    await chooseOptions(selectNamed(staffPage, 'To'), /^Olivia Owner \(/);
    await staffPage.getByLabel('Message').fill('Will do.');
    await staffPage.getByRole('button', { name: 'Send message' }).click();
    await expect(staffPage.getByText(/^Message sent to Olivia Owner/)).toBeVisible();
  } finally {
    await staffContext.close();
  }
  // The answer arrives in the owner's open inbox, live.
  await page.getByRole('tab', { name: 'Inbox' }).click();
  await expect(admin.unreadLine()).toHaveText('1 unread message.');

  // One's own profile, from the user menu.
  await (await new XFrame(page).userMenuItem('Profile')).click();
  await expect(admin.heading('Your profile')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(owner.username);
  await page.getByLabel('First name').fill('Octavia');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(admin.toast('Profile saved')).toBeVisible();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await page.getByLabel('Repeat the new password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(admin.toast('Password changed')).toBeVisible();
  const details = await request.get('/api/v1/user/details');
  expect(((await details.json()) as { user: { firstName: string } }).user.firstName).toBe('Octavia');
  // The new password signs in (last: signing in elsewhere ends this page's session).
  const other = await signedInContext(browser, owner.username, 'a brand new secret');
  await other.close();
});
