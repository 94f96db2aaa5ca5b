import { expect, test, type Page } from '@playwright/test';
import type { ManagedUser } from '@stockbook/contracts';
import { AdminScreens } from './pages/admin.page';
import { PASSWORD, addLocation, addStaff, registerBusiness, signedInContext, uniqueName } from './support/admin-accounts';
import { seriousViolationsWithin } from './support/admin-axe';
import { chooseOptions, selectNamed } from './support/antd-select';
import { seriousViolations } from './support/axe';

// The admin remote's screens against the real API: each test registers its own business
// through user/register, which signs the page's browser context in as the owner.

// Each flow loads the shell and the admin remote with its own antd (~1.4 MB of script, the shell
// does not share its copy) one to three times. On this shared two-core machine, with the other
// suites running, flows that take 10-20 s when it is quiet have taken over 30 s; the time-out is
// a budget, the assertions keep their own waits.
test.describe.configure({ timeout: 60_000 });

async function usersOf(page: Page): Promise<ManagedUser[]> {
  const response = await page.context().request.get('/api/v1/user/admin/users');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { users: ManagedUser[] }).users;
}

test.describe('users', () => {
  test('an administrator adds a staff user, edits them, locks and unlocks them', async ({ page }) => {
    const owner = await registerBusiness(page.context().request);
    const admin = new AdminScreens(page);
    await admin.openUsers();
    await expect(admin.userRow(owner.username)).toContainText('Owner');

    const username = uniqueName('sam');
    await admin.createStaff({ firstName: 'Sam', lastName: 'Staff', username, email: `${username}@example.com`, password: PASSWORD });
    await expect(admin.toast('Sam Staff can now sign in')).toBeVisible();
    const row = admin.userRow(username);
    await expect(row).toContainText('Sam Staff');
    await expect(row).toContainText('Staff');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('None');

    const dialog = await admin.openEdit('Sam Staff');
    await dialog.getByLabel('Last name').fill('Sterling');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Sam Sterling');
    expect((await usersOf(page)).find((user) => user.username === username)?.lastName).toBe('Sterling');

    await admin.lock('Sam Sterling');
    await expect(admin.toast('Sam Sterling is locked')).toBeVisible();
    await expect(row).toContainText('Locked');
    const lockedSignIn = await page.request.post('/api/v1/user/login', { data: { username, password: PASSWORD } });
    expect(lockedSignIn.status()).toBe(403);

    await admin.unlock('Sam Sterling');
    await expect(admin.toast('Sam Sterling is unlocked')).toBeVisible();
    await expect(row).toContainText('Active');
    expect((await usersOf(page)).find((user) => user.username === username)?.locked).toBe(false);
  });

  test('the owner cannot be locked, and a taken username shows on its field', async ({ page }) => {
    const owner = await registerBusiness(page.context().request);
    const admin = new AdminScreens(page);
    await admin.openUsers();
    await expect(admin.usersTable.getByRole('button', { name: /^Lock / })).toHaveCount(0);

    await admin.content.getByRole('button', { name: 'Add a staff user' }).click();
    const dialog = admin.dialog('Add a staff user');
    await dialog.getByLabel('First name').fill('Tess');
    await dialog.getByLabel('Last name').fill('Taken');
    await dialog.getByLabel('Username').fill(owner.username);
    await dialog.getByLabel('E-mail').fill(`${uniqueName('tess')}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('That username is taken. Choose another.')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await usersOf(page)).toHaveLength(1);
  });

  test('the permissions editor saves view:item at one location, and an entry for all locations', async ({ page }) => {
    const request = page.context().request;
    const owner = await registerBusiness(request);
    const warehouse = await addLocation(request, 'Warehouse');
    const staff = await addStaff(request, 'Pat', 'Picker');
    const admin = new AdminScreens(page);
    await admin.openUsers();

    await admin.setPermissions('Pat Picker', [
      { actions: ['View items'], locations: ['Warehouse'] },
      { actions: ['View customers', 'Create invoices'], locations: 'all' },
    ]);
    await expect(admin.toast('Permissions of Pat Picker saved')).toBeVisible();
    const row = admin.userRow(staff.username);
    await expect(row).toContainText('View items at Warehouse');
    await expect(row).toContainText('View customers, Create invoices (all locations)');

    const saved = (await usersOf(page)).find((user) => user._id === staff._id);
    expect(saved?.permissions).toEqual([
      { action: ['view:item'], locations: [warehouse._id] },
      { action: ['view:customer', 'create:invoice'], locations: [] },
    ]);
    expect(warehouse._id).not.toBe(owner.location._id);

    // Opened again, the editor shows what was saved; removing the second entry saves one.
    const dialog = await admin.openPermissions('Pat Picker');
    const first = dialog.getByRole('group', { name: 'Entry 1' });
    await expect(first.locator('.ant-select-selection-item', { hasText: 'View items' })).toBeVisible();
    await expect(first.locator('.ant-select-selection-item', { hasText: 'Warehouse' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Entry 2' }).getByRole('switch', { name: 'All locations' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Remove entry 2' }).click();
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).not.toContainText('Create invoices');
    expect((await usersOf(page)).find((user) => user._id === staff._id)?.permissions).toEqual([
      { action: ['view:item'], locations: [warehouse._id] },
    ]);
  });

  test('an entry needs an action and a location, or all locations', async ({ page }) => {
    const request = page.context().request;
    await registerBusiness(request);
    const staff = await addStaff(request, 'Val', 'Idate');
    const admin = new AdminScreens(page);
    await admin.openUsers();
    const dialog = await admin.openPermissions('Val Idate');
    await dialog.getByRole('button', { name: 'Add an entry' }).click();
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await expect(dialog.getByText('Choose at least one action.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one location, or switch on All locations.')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect((await usersOf(page)).find((user) => user._id === staff._id)?.permissions).toEqual([]);
  });
});

test.describe('business profile', () => {
  test('saves every field, and refuses a printer width under 46 with the specified message', async ({ page }) => {
    await registerBusiness(page.context().request, 'Old Name Ltd');
    const admin = new AdminScreens(page);
    await admin.openBusiness();
    await expect(page.getByLabel('Business name')).toHaveValue('Old Name Ltd');

    const width = page.getByLabel('Width (characters per line)');
    await width.fill('40');
    await page.getByRole('button', { name: 'Save business profile' }).click();
    await expect(page.getByText('Width must be at least 46 characters', { exact: true })).toBeVisible();

    await page.getByLabel('Business name').fill('New Name Ltd');
    await page.getByLabel('Address').fill('1 High Street, Leeds');
    await page.getByLabel('Contact number').fill('+44 113 000 0000');
    await page.getByLabel('Business e-mail').fill('hello@newname.example');
    await chooseOptions(selectNamed(page, 'Currency'), 'USD');
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

    const response = await page.context().request.get('/api/v1/user/business');
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

    await admin.reload('Business profile');
    await expect(page.getByLabel('Business name')).toHaveValue('New Name Ltd');
    await expect(width).toHaveValue('58');
    await expect(page.getByRole('switch', { name: 'Print on invoices' })).toBeChecked();
  });

  test('the admin menu moves between users and the business profile', async ({ page }) => {
    await registerBusiness(page.context().request);
    const admin = new AdminScreens(page);
    await admin.openUsers();
    await admin.adminNav.getByRole('link', { name: 'Business profile' }).click();
    await expect(page).toHaveURL(/\/x\/admin\/business$/);
    await expect(admin.heading('Business profile')).toBeVisible();
    await admin.adminNav.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/x\/admin$/);
    await expect(admin.heading('Users')).toBeVisible();
  });
});

test.describe('locations', () => {
  test('an administrator adds a location and edits it', async ({ page }) => {
    await registerBusiness(page.context().request);
    const admin = new AdminScreens(page);
    await admin.open('/x/locations', 'Locations');
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
    const edit = admin.dialog('Edit Riverside depot');
    await edit.getByLabel('Name').fill('Riverside shop');
    await edit.getByRole('switch', { name: 'Can sell' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const renamed = table.getByRole('row').filter({ hasText: 'Riverside shop' });
    await expect(renamed).toContainText('Can sell');
    await expect(table.getByRole('row').filter({ hasText: 'Riverside depot' })).toHaveCount(0);

    const response = await page.context().request.get('/api/v1/user/location');
    const { data } = (await response.json()) as { data: { name: string; address: string; contactNumber: string; canSell: boolean }[] };
    expect(data.find((location) => location.name === 'Riverside shop')).toMatchObject({
      address: '2 River Road',
      contactNumber: '0113 111 1111',
      canSell: true,
    });
  });
});

test.describe('messages', () => {
  test('a message to a staff member arrives unread, and marking it read lowers the count', async ({ page, browser }) => {
    const request = page.context().request;
    await registerBusiness(request);
    const staff = await addStaff(request, 'Mia', 'Reader');
    const admin = new AdminScreens(page);
    await admin.open('/x/messages', 'Messages');
    await expect(admin.unreadLine()).toHaveText('No unread messages.');

    await chooseOptions(selectNamed(page, 'To'), /^Mia Reader \(/);
    await page.getByLabel('Subject').fill('Stock count');
    await page.getByLabel('Message').fill('Please count the shelves on Friday.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(admin.toast(`Message sent to Mia Reader (${staff.username})`)).toBeVisible();

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
      const saved = await staffContext.request.get('/api/v1/user/message');
      expect(((await saved.json()) as { unread: number }).unread).toBe(0);

      // Staff cannot load the users list, but can answer who wrote to them.
      await chooseOptions(selectNamed(staffPage, 'To'), /^Olivia Owner \(/);
      await staffPage.getByLabel('Message').fill('Will do.');
      await staffPage.getByRole('button', { name: 'Send message' }).click();
      await expect(staffPage.getByText(/^Message sent to Olivia Owner/)).toBeVisible();
    } finally {
      await staffContext.close();
    }

    await admin.reload('Messages');
    await expect(admin.unreadLine()).toHaveText('1 unread message.');
  });
});

test.describe('activity', () => {
  test('lists the administrator actions, newest first, ten to a page', async ({ page }) => {
    const request = page.context().request;
    await registerBusiness(request);
    const admin = new AdminScreens(page);
    await admin.openUsers();
    const username = uniqueName('act');
    await admin.createStaff({ firstName: 'Ada', lastName: 'Active', username, email: `${username}@example.com`, password: PASSWORD });
    await expect(admin.userRow(username)).toBeVisible();
    await admin.lock('Ada Active');
    await expect(admin.userRow(username)).toContainText('Locked');

    await admin.open('/x/activity', 'Activity');
    const rows = admin.content.getByRole('table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toContainText(`Locked user Ada Active (${username})`);
    await expect(rows.nth(1)).toContainText(`Created user Ada Active (${username})`);
    await expect(rows.first()).toContainText('Olivia Owner');

    // More than ten entries make a second page.
    for (let index = 0; index < 10; index += 1) {
      await addLocation(request, `Store ${index + 1}`);
    }
    await admin.reload('Activity');
    await expect(rows).toHaveCount(10);
    await expect(admin.content.getByText(/^1[2-9] entries$/)).toBeVisible();
    await admin.content.getByTitle('2', { exact: true }).click();
    await expect(rows.filter({ hasText: `Created user Ada Active (${username})` })).toBeVisible();
  });
});

test.describe('profile', () => {
  test('one changes one’s own name, and the password only with the current one', async ({ page, browser }) => {
    const owner = await registerBusiness(page.context().request);
    const admin = new AdminScreens(page);
    await admin.open('/x/profile', 'Your profile');
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
    const details = await page.context().request.get('/api/v1/user/details');
    expect(((await details.json()) as { user: { firstName: string } }).user.firstName).toBe('Octavia');
    const other = await signedInContext(browser, owner.username, 'a brand new secret');
    await other.close();
  });
});

test.describe('accessibility', () => {
  const screens: { name: string; open(admin: AdminScreens): Promise<void> }[] = [
    { name: 'users', open: (admin) => admin.openUsers() },
    { name: 'business profile', open: (admin) => admin.openBusiness() },
    { name: 'locations', open: (admin) => admin.open('/x/locations', 'Locations') },
    { name: 'activity', open: (admin) => admin.open('/x/activity', 'Activity') },
    { name: 'messages', open: (admin) => admin.open('/x/messages', 'Messages') },
    { name: 'profile', open: (admin) => admin.open('/x/profile', 'Your profile') },
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const screen of screens) {
      test(`the ${screen.name} screen has no serious or critical violations (${theme})`, async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
        const request = page.context().request;
        await registerBusiness(request);
        await addStaff(request, 'Axe', 'Tester');
        const admin = new AdminScreens(page);
        await screen.open(admin);
        await admin.settled();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('the user and permissions dialogs have no serious or critical violations', async ({ page }) => {
    const request = page.context().request;
    await registerBusiness(request);
    await addStaff(request, 'Axe', 'Tester');
    const admin = new AdminScreens(page);
    await admin.openUsers();
    await admin.content.getByRole('button', { name: 'Add a staff user' }).click();
    await expect(admin.dialog('Add a staff user')).toBeVisible();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    await admin.dialog('Add a staff user').getByRole('button', { name: 'Cancel' }).click();
    await expect(admin.dialog('Add a staff user')).toBeHidden();

    const editor = await admin.openPermissions('Axe Tester');
    await editor.getByRole('button', { name: 'Add an entry' }).click();
    await expect(editor.getByRole('group', { name: 'Entry 1' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save permissions' }).click();
    await expect(editor.getByText('Choose at least one action.')).toBeVisible();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
  });
});
