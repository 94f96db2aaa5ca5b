import { expect, test } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { FRAME_SCREENS, XFrame } from './pages/x-frame.page';
import { seriousViolationsWithin } from './support/admin-axe';
import { addStaff, createdBy, listLocations, registerOwner, signedInContext } from './support/session-accounts';

// The signed-in frame's own pieces (issue 13, point 4): theme, palette, sticky chrome, titles,
// headings and tabs, row actions, the skip link, the unread count, view-redirect, missing items.

test.describe('the /x frame', () => {
  test('has the theme switch: choosing Dark paints the frame dark and is remembered', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    const theme = page.getByRole('banner').getByRole('radiogroup', { name: 'Theme' });
    await theme.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(theme.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await frame.waitUntilShown();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('stockbook-theme'))).toBe('dark');
  });

  test('/ opens the command palette, which goes to the screens the user may open and switches the theme', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await expect(palette).toBeVisible();
    await palette.getByPlaceholder('Type a command or search...').fill('business');
    await palette.getByRole('option', { name: 'Admin: Business profile' }).click();
    await expect(page).toHaveURL(/\/x\/admin\/business$/);
    await expect(palette).toBeHidden();

    // The header's search button opens it too; the Theme group works as on the public site.
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await palette.getByRole('option', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('the palette offers staff only their screens, and finds items by name to open them', async ({ browser, page }) => {
    await registerOwner(page.request);
    const post = createdBy(page.request);
    const teapot = (await post('user/inventory/add/simple/item', { itemName: 'Copper Teapot', price: '12' })).item as Item;
    await post('user/inventory/add/simple/item', { itemName: 'Copper Kettle', price: '20' });
    await post('user/inventory/add/simple/item', { itemName: 'Oak Shelf', price: '40' });
    const [main] = await listLocations(page.request);
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [main!._id] }]);
    const context = await signedInContext(browser, staff.username);
    const staffPage = await context.newPage();
    const frame = new XFrame(staffPage);
    await frame.open('/x');

    await staffPage.keyboard.press('/');
    const palette = staffPage.getByRole('dialog', { name: 'Search and commands' });
    const links = palette.getByRole('group', { name: 'Links' }).getByRole('option');
    await expect(links).toHaveText(['Dashboard', 'Inventory', 'Messages', 'Your profile']);

    await palette.getByPlaceholder('Type a command or search...').fill('copper');
    const items = palette.getByRole('group', { name: 'Items' }).getByRole('option');
    await expect(items).toHaveText(['Copper Kettle', 'Copper Teapot'], { useInnerText: true });
    await items.filter({ hasText: 'Copper Teapot' }).click();
    await expect(staffPage).toHaveURL(new RegExp(`/x/inventory/items/${teapot._id}$`));
    await expect(staffPage.getByRole('dialog').getByText('Copper Teapot').first()).toBeVisible({ timeout: 25_000 });
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the palette inside /x, finding items, has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
      await registerOwner(page.request);
      await createdBy(page.request)('user/inventory/add/simple/item', { itemName: 'Copper Teapot', price: '12' });
      const frame = new XFrame(page);
      await frame.open('/x');
      await page.keyboard.press('/');
      const palette = page.getByRole('dialog', { name: 'Search and commands' });
      await palette.getByPlaceholder('Type a command or search...').fill('copper');
      await expect(palette.getByRole('group', { name: 'Items' }).getByRole('option')).toHaveText(['Copper Teapot'], { useInnerText: true });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await seriousViolationsWithin(page, '[role="dialog"]')).toEqual([]);
    });
  }

  test('the sidebar and header stay in place while the page scrolls', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // A long page: the dashboard with a tall block below it.
    await frame.content.evaluate((main) => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      main.append(filler);
    });
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = await page.getByRole('banner').boundingBox();
    const sidebar = await frame.sidebar.boundingBox();
    expect(header?.y).toBe(0);
    expect(sidebar?.y).toBeGreaterThanOrEqual(0);
    expect(sidebar?.y).toBeLessThan(100);
    await expect(frame.sidebar.getByRole('link', { name: 'Inventory' })).toBeInViewport();
    await expect(frame.userMenuButton).toBeInViewport();
  });

  test('each screen has its own document title', async ({ page }) => {
    test.setTimeout(120_000); // eleven screens, four of them a remote's first render
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await expect(page).toHaveTitle('Dashboard · Stockbook');
    for (const [link, title] of [
      ['Inventory', 'Inventory · Stockbook'],
      ['Locations', 'Locations · Stockbook'],
      ['Activity', 'Activity · Stockbook'],
      ['Admin', 'Users · Stockbook'],
    ] as const) {
      await frame.sidebar.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveTitle(title, { timeout: 25_000 });
    }
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Business profile' }).click({ timeout: 25_000 });
    await expect(page).toHaveTitle('Business profile · Stockbook');
    // Billing opens on New sale; each of its screens is named too.
    await frame.sidebar.getByRole('link', { name: 'Billing', exact: true }).click();
    await expect(page).toHaveTitle('New sale · Stockbook', { timeout: 25_000 });
    for (const screen of ['Invoices', 'Customers', 'Transfers', 'Expenses', 'Transactions']) {
      await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: screen }).click({ timeout: 25_000 });
      await expect(page).toHaveTitle(`${screen} · Stockbook`);
    }
    await page.goto('/x/nothing');
    await expect(page).toHaveTitle('Page not found · Stockbook');
  });

  test('screens share one heading scale, with the section tabs under the heading', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    const sizes: Record<string, string> = {};
    for (const { path, heading } of FRAME_SCREENS) {
      const h1 = await frame.openScreen(path, heading);
      sizes[heading] = await h1.evaluate((element) => getComputedStyle(element).fontSize);
    }
    expect(new Set(Object.values(sizes))).toEqual(new Set(['28px']));
    expect(await page.getByRole('heading', { level: 2, name: 'Change password' }).evaluate((element) => getComputedStyle(element).fontSize)).toBe('20px');

    await frame.open('/x/admin');
    const heading = await page.getByRole('heading', { level: 1, name: 'Users' }).boundingBox();
    const tabs = await page.getByRole('navigation', { name: 'Admin' }).boundingBox();
    expect(tabs!.y).toBeGreaterThan(heading!.y + heading!.height - 1);
  });

  test('row actions look the same on the users and the locations screens', async ({ page }) => {
    await registerOwner(page.request, { locationName: 'Harbour Road' });
    await addStaff(page.request, [], { firstName: 'Rita', lastName: 'Rowe' });
    const frame = new XFrame(page);
    await frame.open('/x/admin');
    const rita = page.getByRole('row', { name: /Rita Rowe/ });
    await expect(rita.getByRole('button', { name: 'Edit Rita Rowe' })).toBeVisible({ timeout: 25_000 });
    await expect(rita.getByRole('button', { name: 'Permissions of Rita Rowe' })).toBeVisible();
    const lock = rita.getByRole('button', { name: 'Lock Rita Rowe' });
    await expect(lock).toHaveClass(/ant-btn-dangerous/);
    // The look of a button: antd's kind, variant and size classes, and its height.
    const look = (button: HTMLElement) => ({
      classes: [...button.classList].filter((name) => name.startsWith('ant-btn')).sort(),
      height: button.getBoundingClientRect().height,
    });
    const userEdit = await rita.getByRole('button', { name: 'Edit Rita Rowe' }).evaluate(look);
    expect(userEdit.classes).toContain('ant-btn-variant-outlined');

    await frame.sidebar.getByRole('link', { name: 'Locations' }).click();
    const edit = page.getByRole('row', { name: /Harbour Road/ }).getByRole('button', { name: 'Edit Harbour Road' });
    await expect(edit).toBeVisible({ timeout: 25_000 });
    const locationEdit = await edit.evaluate(look);
    expect(locationEdit).toEqual(userEdit);
    expect(await page.locator('.sb-row-actions').count()).toBeGreaterThan(0);
  });

  test('suppliers and attributes use the same row actions, and view-only staff get no Actions column there', async ({ browser, page }) => {
    test.setTimeout(120_000); // two catalogue screens for two users, cold
    await registerOwner(page.request);
    const post = createdBy(page.request);
    await post('user/supplier/add', { name: 'Leaf Co' });
    await post('user/attribute/add', { name: 'Size', values: ['S', 'M'] });
    const viewer = await addStaff(page.request, [{ action: ['view:item', 'view:supplier', 'view:attribute'], locations: [] }]);
    const frame = new XFrame(page);
    const look = (button: HTMLElement) => ({
      classes: [...button.classList].filter((name) => name.startsWith('ant-btn')).sort(),
      height: button.getBoundingClientRect().height,
    });

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

  test('a skip link leads past the sidebar and header to the one main landmark', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await expect(page.getByRole('main')).toHaveCount(1);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, not the sidebar.
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('the unread-messages count is part of the account button’s name and announced', async ({ browser, page }) => {
    const owner = await registerOwner(page.request, { firstName: 'Nora', lastName: 'North' });
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [] }]);
    const frame = new XFrame(page);
    await frame.open('/x');
    await frame.waitForLiveSession();
    await expect(page.getByRole('button', { name: 'Account: Nora North', exact: true })).toBeVisible();

    const context = await signedInContext(browser, staff.username);
    for (const body of ['The delivery is in.', 'Till 2 needs a new roll.']) {
      const sent = await context.request.post('/api/v1/user/message', { data: { to: owner.user._id, subject: 'Shop floor', body } });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await context.close();
    await expect(page.getByRole('button', { name: 'Account: Nora North, 2 unread messages' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '2 unread messages' })).toBeAttached();
  });

  test('view-redirect sends every kind of entity link to its screen, the kinds that showed Page not found too', async ({ page }) => {
    test.setTimeout(90_000); // a page load per kind
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    for (const [type, path] of [
      ['Simple Item', '/x/inventory/items/e1'],
      ['Invoice', '/x/billing/invoices/e1'],
      ['Capital', '/x/billing/transactions/e1'],
      ['Withdrawal', '/x/billing/transactions/e1'],
      ['Business', '/x/admin/business'],
    ] as const) {
      await page.goto(`/x/view-redirect?type=${encodeURIComponent(type)}&id=e1`, { waitUntil: 'commit' });
      await expect(page, `${type} goes to ${path}`).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`), { timeout: 20_000 });
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    }
  });

  test("a batch's link opens the drawer of the item it belongs to; an unknown batch says so", async ({ page }) => {
    test.setTimeout(90_000);
    await registerOwner(page.request);
    const post = createdBy(page.request);
    const [main] = await listLocations(page.request);
    const kettle = (await post('user/inventory/add/simple/item', { itemName: 'Brass Kettle', price: '30' })).item as Item;
    const stocked = (await post('user/inventory/add/batch', { itemID: kettle._id, locationID: main!._id, quantity: '4', cost: '11' })).item as Item;
    const batchId = stocked.batches[0]!._id;
    const frame = new XFrame(page);
    await frame.open('/x');
    await page.goto(`/x/view-redirect?type=Batch&id=${batchId}`, { waitUntil: 'commit' });
    await expect(page).toHaveURL(new RegExp(`/x/inventory/items/${kettle._id}$`), { timeout: 25_000 });
    await expect(page.locator('.ant-drawer-section').getByText('Brass Kettle').first()).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText('There is no such inventory page.')).toHaveCount(0);

    await page.goto('/x/view-redirect?type=Batch&id=00000000-0000-4000-8000-000000000000', { waitUntil: 'commit' });
    await expect(page.getByText('Could not open this batch')).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText('No such batch in your business.')).toBeVisible();
  });

  test('an item link that does not exist says so at once, asking the API once', async ({ page }) => {
    await registerOwner(page.request);
    const missing = '00000000-0000-4000-8000-000000000000';
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes(`/api/v1/user/inventory/item/${missing}`)) asked += 1;
    });
    const answered = page.waitForResponse((response) => response.url().includes(`/user/inventory/item/${missing}`));
    await page.goto(`/x/inventory/items/${missing}`);
    expect((await answered).status()).toBe(404);
    await expect(page.getByText('Could not load this item')).toBeVisible({ timeout: 1_500 });
    // A retry would come after a second: none does.
    await page.waitForTimeout(2_500);
    expect(asked).toBe(1);
  });
});
