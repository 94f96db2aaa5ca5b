import { expect, test, type Locator } from '@playwright/test';
import type { Invoice, Item } from '@stockbook/contracts';
import { salesShop } from './pages/billing.page';
import { chooseOptions } from './support/antd-select';
import { lightness } from './pages/public-site.page';
import { XFrame } from './pages/x-frame.page';
import { addStaff, createdBy, registerOwner, signedInContext } from './support/session-accounts';

// The signed-in frame's own pieces (issue 13, point 4): theme, palette, headings and tabs, row
// actions. Which palette links a user is offered is apps/shell/src/frame/frame-links.spec.ts;
// accessibility is a11y-shell.spec.ts.

/** The look of a button: antd's kind, variant and size classes, and its height. */
const look = (button: HTMLElement) => ({
  classes: [...button.classList].filter((name) => name.startsWith('ant-btn')).sort(),
  height: button.getBoundingClientRect().height,
});

const fontSize = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontSize);

test.describe('the /x frame', () => {
  test('the theme switch paints the frame and antd screens dark (its dark algorithm) and is remembered; the palette goes to the screens, finds items by name to open them, and switches the theme', async ({
    page,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    await registerOwner(page.request);
    const post = createdBy(page.request);
    const teapot = (await post('user/inventory/add/simple/item', { itemName: 'Copper Teapot', price: '12' })).item as Item;
    await post('user/inventory/add/simple/item', { itemName: 'Copper Kettle', price: '20' });
    await post('user/inventory/add/simple/item', { itemName: 'Oak Shelf', price: '40' });
    await page.emulateMedia({ colorScheme: 'light' });
    const frame = new XFrame(page);
    await frame.open('/x/inventory');

    await test.step('choosing Dark paints the frame and the inventory remote dark, and is remembered', async () => {
      // The inventory remote's table header: antd paints its background from the algorithm.
      const header = page.locator('[data-remote="inventory"] .ant-table-thead th').first();
      await expect(header).toBeVisible({ timeout: 25_000 });
      const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
      const light = lightness(await background());
      const theme = page.getByRole('banner').getByRole('radiogroup', { name: 'Theme' });
      await theme.getByRole('radio', { name: 'Dark' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(theme.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
      await expect.poll(async () => lightness(await background())).toBeLessThan(light - 100);
      // The reload is the point: the choice outlives the page.
      await page.reload();
      await frame.waitUntilShown();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await page.evaluate(() => localStorage.getItem('stockbook-theme'))).toBe('dark');
      await expect(header).toBeVisible({ timeout: 25_000 });
      await expect.poll(async () => lightness(await background())).toBeLessThan(light - 100);
    });

    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await test.step('/ opens the command palette, which goes to a screen', async () => {
      await page.keyboard.press('/');
      await expect(palette).toBeVisible();
      await palette.getByPlaceholder('Type a command or search...').fill('business');
      await palette.getByRole('option', { name: 'Admin: Business profile' }).click();
      await expect(page).toHaveURL(/\/x\/admin\/business$/);
      await expect(palette).toBeHidden();
    });

    await test.step('the header’s search button opens it too; its Theme group works as on the public site', async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await palette.getByPlaceholder('Type a command or search...').fill('switch theme');
      await expect(palette.getByRole('group', { name: 'Theme' }).getByRole('option')).toHaveText(['Light', 'Dark', 'System'], { useInnerText: true });
      await palette.getByPlaceholder('Type a command or search...').fill('light');
      await palette.getByRole('option', { name: 'Light' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    });

    await test.step('it finds items by name and opens them', async () => {
      await page.keyboard.press('/');
      await palette.getByPlaceholder('Type a command or search...').fill('copper');
      const items = palette.getByRole('group', { name: 'Items' }).getByRole('option');
      await expect(items).toHaveText(['Copper Kettle', 'Copper Teapot'], { useInnerText: true });
      await items.filter({ hasText: 'Copper Teapot' }).click();
      await expect(page).toHaveURL(new RegExp(`/x/inventory/items/${teapot._id}$`));
      await expect(page.getByRole('dialog').getByText('Copper Teapot').first()).toBeVisible({ timeout: 25_000 });
    });
  });

  test("the palette's actions open a screen with its form open, and it switches the working location (issue 24)", async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await page.keyboard.press('/');
    await palette.getByPlaceholder('Type a command or search...').fill('expense');
    await palette.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'Add expense' }).click();
    await expect(page.getByRole('dialog', { name: 'Add expense' })).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(/\/x\/billing\/expenses$/); // the ?do=add-expense is dropped once answered
    await page.getByRole('dialog', { name: 'Add expense' }).getByRole('button', { name: 'Cancel' }).click();

    await page.keyboard.press('/');
    await palette.getByPlaceholder('Type a command or search...').fill('work at');
    const places = palette.getByRole('group', { name: 'Working location' }).getByRole('option');
    await expect(places).toHaveText(['Work at High Street'], { useInnerText: true }); // not the choice already made (All locations)
    await places.first().click();
    await expect(page.getByTestId('location-selector')).toContainText('High Street');
  });

  test('the palette finds invoices by number and customers by name and opens them; its Add stock asks which item, then opens its batch form (issue 24)', async ({ page }) => {
    test.slow(); // three screens of two remotes, each loaded cold: over 30 s on a busy two-core machine
    const shop = await salesShop(page.request);
    const mia = (await shop.post('user/customer', { firstName: 'Mia', lastName: 'Reader', email: 'mia@example.com' })).customer as { _id: string };
    await shop.sell([{ itemID: shop.hammer._id, quantity: '1' }]);
    const second: Invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '2' }], { customer: mia._id });
    const frame = new XFrame(page);
    await frame.open('/x');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    const input = palette.getByPlaceholder('Type a command or search...');

    await page.keyboard.press('/');
    await input.fill(`#${second.invoiceNumber}`);
    const invoices = palette.getByRole('group', { name: 'Invoices' }).getByRole('option');
    await expect(invoices).toHaveCount(1);
    await expect(invoices.first()).toContainText(`Invoice #${second.invoiceNumber}`);
    await expect(invoices.first()).toContainText('Mia Reader · £20.00');
    await invoices.first().click();
    await expect(page).toHaveURL(new RegExp(`/x/billing/invoices/${second._id}$`));
    const drawer = page.getByRole('dialog', { name: `Invoice #${second.invoiceNumber}` });
    await expect(drawer).toBeVisible({ timeout: 25_000 });
    // `/` over an open drawer does nothing: two focus traps at once froze the page.
    await page.keyboard.press('/');
    await expect(drawer).toBeVisible();
    await expect(palette).toBeHidden();

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await page.keyboard.press('/');
    await input.fill('reader');
    const customers = palette.getByRole('group', { name: 'Customers' }).getByRole('option');
    await expect(customers).toHaveCount(1);
    await expect(customers.first()).toContainText('Mia Reader');
    await customers.first().click();
    await expect(page).toHaveURL(new RegExp(`/x/billing/customers/${mia._id}$`));
    const statement = page.getByRole('dialog').filter({ hasText: 'Mia Reader' });
    await expect(statement).toBeVisible({ timeout: 25_000 });

    await page.keyboard.press('Escape');
    await expect(statement).toBeHidden();
    await page.keyboard.press('/');
    await input.fill('add stock');
    await palette.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'Add stock' }).click();
    const picker = page.getByRole('dialog', { name: 'Add stock' });
    await expect(picker).toBeVisible({ timeout: 25_000 });
    await chooseOptions(picker.getByRole('combobox'), shop.hammer.itemName);
    await expect(page.getByRole('dialog', { name: `Add a batch of ${shop.hammer.itemName}` })).toBeVisible();
  });

  test('screens share one heading scale, with the section tabs under the heading; row actions look the same on the users and the locations screens', async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    await registerOwner(page.request, { locationName: 'Harbour Road' });
    await addStaff(page.request, [], { firstName: 'Rita', lastName: 'Rowe' });
    const frame = new XFrame(page);
    await frame.open('/x');
    const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
    await expect(h1('Dashboard')).toBeVisible();
    expect(await fontSize(h1('Dashboard'))).toBe('28px');

    await frame.sidebar.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(h1('Users')).toBeVisible({ timeout: 25_000 });
    expect(await fontSize(h1('Users'))).toBe('28px');
    const heading = await h1('Users').boundingBox();
    const tabs = await page.getByRole('navigation', { name: 'Admin' }).boundingBox();
    expect(tabs!.y).toBeGreaterThan(heading!.y + heading!.height - 1);

    const rita = page.getByRole('row', { name: /Rita Rowe/ });
    await expect(rita.getByRole('button', { name: 'Edit Rita Rowe' })).toBeVisible({ timeout: 25_000 });
    await expect(rita.getByRole('button', { name: 'Permissions of Rita Rowe' })).toBeVisible();
    await expect(rita.getByRole('button', { name: 'Lock Rita Rowe' })).toHaveClass(/ant-btn-dangerous/);
    const userEdit = await rita.getByRole('button', { name: 'Edit Rita Rowe' }).evaluate(look);
    expect(userEdit.classes).toContain('ant-btn-variant-outlined');

    await frame.sidebar.getByRole('link', { name: 'Locations' }).click();
    await expect(h1('Locations')).toBeVisible({ timeout: 25_000 });
    expect(await fontSize(h1('Locations'))).toBe('28px');
    const edit = page.getByRole('row', { name: /Harbour Road/ }).getByRole('button', { name: 'Edit Harbour Road' });
    await expect(edit).toBeVisible({ timeout: 25_000 });
    expect(await edit.evaluate(look)).toEqual(userEdit);
    expect(await page.locator('.sb-row-actions').count()).toBeGreaterThan(0);

    await (await frame.userMenuItem('Profile')).click();
    await expect(h1('Your profile')).toBeVisible({ timeout: 25_000 });
    expect(await fontSize(h1('Your profile'))).toBe('28px');
    expect(await fontSize(page.getByRole('heading', { level: 2, name: 'Change password' }))).toBe('20px');
  });

  test('suppliers and attributes use the same row actions, and view-only staff get no Actions column there', async ({ browser, page }) => {
    test.slow(); // two catalogue screens for two users, each a cold remote: over 30 s on a busy two-core machine
    await registerOwner(page.request);
    const post = createdBy(page.request);
    await post('user/supplier/add', { name: 'Leaf Co' });
    await post('user/attribute/add', { name: 'Size', values: ['S', 'M'] });
    const viewer = await addStaff(page.request, [{ action: ['view:item', 'view:supplier', 'view:attribute'], locations: [] }]);
    const frame = new XFrame(page);

    await frame.open('/x/inventory/suppliers');
    const supplierEdit = page.getByRole('row', { name: /Leaf Co/ }).getByRole('button', { name: 'Edit supplier Leaf Co' });
    await expect(supplierEdit).toBeVisible({ timeout: 25_000 });
    const supplierLook = await supplierEdit.evaluate(look);
    expect(supplierLook.classes).toContain('ant-btn-variant-outlined');
    await expect(page.getByRole('row', { name: /Leaf Co/ }).locator('.sb-row-actions')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Delete supplier Leaf Co' })).toHaveClass(/ant-btn-dangerous/);

    await page.getByRole('navigation', { name: 'Inventory' }).getByRole('link', { name: 'Attributes' }).click();
    const attributeEdit = page.getByRole('row', { name: /Size/ }).getByRole('button', { name: 'Edit attribute Size' });
    await expect(attributeEdit).toBeVisible({ timeout: 25_000 });
    expect(await attributeEdit.evaluate(look)).toEqual(supplierLook);
    await expect(page.getByRole('row', { name: /Size/ }).locator('.sb-row-actions')).toHaveCount(1);

    const context = await signedInContext(browser, viewer.username);
    const viewerPage = await context.newPage();
    const viewerFrame = new XFrame(viewerPage);
    await viewerFrame.open('/x/inventory/suppliers');
    await expect(viewerPage.getByRole('row', { name: /Leaf Co/ })).toBeVisible({ timeout: 25_000 });
    await expect(viewerPage.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await viewerPage.getByRole('navigation', { name: 'Inventory' }).getByRole('link', { name: 'Attributes' }).click();
    await expect(viewerPage.getByRole('row', { name: /Size/ })).toBeVisible({ timeout: 25_000 });
    await expect(viewerPage.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await context.close();
  });
});
