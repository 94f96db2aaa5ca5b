import { expect, test } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { XFrame } from './pages/x-frame.page';
import { chooseOptions } from './support/antd-select';
import { addLocation, addStaff, createdBy, listLocations, registerOwner, signedInContext } from './support/session-accounts';
import { navigateInApp } from './support/shell-navigate';

// The signed-in frame under /x (issue 4, point 10; issue 13, point 4; specification section 2).
// Which locations a user may choose is apps/shell/src/session/location-choice.spec.ts; the API's
// messages and locations are apps/api/test/messages-and-activity.e2e-spec.ts and
// business-and-locations.e2e-spec.ts. Here: that the frame shows them.

test.describe('the /x frame', () => {
  test("the unread-messages count arrives live, in the account button's name (announced) and the user menu's Messages; Profile and Messages link their screens; the owner's location selector offers all locations and remembers the choice", async ({
    browser,
    page,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const owner = await registerOwner(page.request, { firstName: 'Nora', lastName: 'North' });
    const branch = await addLocation(page.request, 'Quay Branch');
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [] }]);
    const frame = new XFrame(page);
    await frame.open('/x');
    await frame.waitForLiveSession();
    await expect(page.getByRole('button', { name: 'Account: Nora North', exact: true })).toBeVisible();

    const staffContext = await signedInContext(browser, staff.username);
    for (const body of ['The delivery is in.', 'Till 2 needs a new roll.']) {
      const sent = await staffContext.request.post('/api/v1/user/message', { data: { to: owner.user._id, subject: 'Shop floor', body } });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await staffContext.close();
    await expect(page.getByRole('button', { name: 'Account: Nora North, 2 unread messages' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '2 unread messages' })).toBeAttached();

    const options = await frame.locationOptions();
    expect(options[0]).toBe('All locations');
    expect(options).toContain(branch.name);
    expect(options).toHaveLength(3);
    // The choice is remembered: the reload is the point.
    await chooseOptions(frame.locationSelector, branch.name);
    await page.reload();
    await expect(page.getByTestId('location-selector')).toContainText(branch.name);

    const messages = await frame.userMenuItem(/Messages/);
    await expect(messages.getByTestId('unread-count')).toContainText('2');
    await expect(messages.getByRole('link')).toHaveAttribute('href', '/x/messages');
    await expect(page.getByRole('menuitem', { name: 'Profile' }).getByRole('link')).toHaveAttribute('href', '/x/profile');
    await messages.click();
    await expect(page).toHaveURL(/\/x\/messages$/);
  });

  test('a skip link leads past the sidebar and header; header and sidebar stay while the page scrolls; each section renders its remote inside the shell with its own title and one main landmark, the sidebar marking it', async ({
    page,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Stockbook');

    await test.step('a skip link leads past the sidebar and header to the one main landmark', async () => {
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

    await test.step('the sidebar and header stay in place while the page scrolls', async () => {
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

    await test.step('each section renders its remote inside the shell, with its title and one main landmark, marked in the sidebar', async () => {
      for (const [link, remote, heading, title] of [
        ['Inventory', 'inventory', 'Inventory', 'Inventory · Stockbook'],
        ['Billing', 'billing', 'New sale', 'New sale · Stockbook'],
        ['Locations', 'admin', 'Locations', 'Locations · Stockbook'],
        ['Activity', 'admin', 'Activity', 'Activity · Stockbook'],
        ['Admin', 'admin', 'Users', 'Users · Stockbook'],
      ] as const) {
        await frame.sidebar.getByRole('link', { name: link, exact: true }).click();
        await expect(page.locator(`[data-remote="${remote}"]`).getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 25_000 });
        await expect(page).toHaveTitle(title);
        await expect(frame.sidebar.locator('a[aria-current="page"]')).toHaveText(link);
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(page.locator('main')).toHaveCount(1);
      }
    });

    await test.step("antd's styles come from its stylesheet, placed before the app's own, and none are built while screens render", async () => {
      const styles = await page.evaluate(() => {
        const sheets = [...document.head.querySelectorAll('link[rel="stylesheet"], style')];
        // antd still sets its theme's tokens as CSS variables at run time; a built style has other declarations too.
        const declaresMore = (text: string) => [...text.matchAll(/\{([^{}]*)\}/g)].some(([, body]) => body.split(';').some((part) => part.trim() && !part.trim().startsWith('--')));
        const built = [...document.querySelectorAll('style[data-css-hash]')].filter((style) => declaresMore(style.textContent ?? ''));
        return {
          antd: sheets.findIndex((sheet) => sheet.hasAttribute('data-antd-stylesheet')),
          app: sheets.findIndex((sheet) => sheet instanceof HTMLLinkElement && /\/assets\/index-[^/]+\.css$/.test(sheet.href)),
          built: built.length,
        };
      });
      expect(styles.antd).toBeGreaterThanOrEqual(0);
      expect(styles.antd).toBeLessThan(styles.app);
      expect(styles.built).toBe(0);
    });

    await test.step('each screen of Admin and Billing has its own document title, and so has not-found', async () => {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Business profile' }).click();
      await expect(page).toHaveTitle('Business profile · Stockbook');
      // Billing opens on New sale; each of its screens is named too.
      await frame.sidebar.getByRole('link', { name: 'Billing', exact: true }).click();
      await expect(page).toHaveTitle('New sale · Stockbook');
      for (const screen of ['Invoices', 'Customers', 'Transfers', 'Expenses', 'Transactions']) {
        await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: screen }).click({ timeout: 25_000 });
        await expect(page).toHaveTitle(`${screen} · Stockbook`);
      }
      await navigateInApp(page, '/x/nothing');
      await expect(page).toHaveTitle('Page not found · Stockbook');
      await frame.sidebar.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/x$/);
      await expect(page).toHaveTitle('Dashboard · Stockbook');
    });
  });

  test("view-redirect sends every kind of link to its screen (a batch's to its item's drawer), or to not-found; unknown screens and batches say so inside the frame", async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    await registerOwner(page.request);
    const post = createdBy(page.request);
    const [main] = await listLocations(page.request);
    const kettle = (await post('user/inventory/add/simple/item', { itemName: 'Brass Kettle', price: '30' })).item as Item;
    const stocked = (await post('user/inventory/add/batch', { itemID: kettle._id, locationID: main!._id, quantity: '4', cost: '11' })).item as Item;
    const batchId = stocked.batches[0]!._id;
    const frame = new XFrame(page);
    await frame.open('/x');

    for (const [type, id, path] of [
      ['item', 'abc-123', '/x/inventory/items/abc-123'],
      ['location', main!._id, `/x/locations/${main!._id}`],
      ['Simple Item', 'e1', '/x/inventory/items/e1'],
      ['Invoice', 'e1', '/x/billing/invoices/e1'],
      ['Capital', 'e1', '/x/billing/transactions/e1'],
      ['Withdrawal', 'e1', '/x/billing/transactions/e1'],
      ['Business', 'e1', '/x/admin/business'],
    ] as const) {
      await navigateInApp(page, `/x/view-redirect?type=${encodeURIComponent(type)}&id=${id}`);
      await expect(page, `${type} goes to ${path}`).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`), { timeout: 20_000 });
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    }

    await navigateInApp(page, '/x/view-redirect?type=widget&id=1');
    await expect(page).toHaveURL(/\/x\/not-found$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await frame.waitUntilShown();

    await navigateInApp(page, `/x/view-redirect?type=Batch&id=${batchId}`);
    await expect(page).toHaveURL(new RegExp(`/x/inventory/items/${kettle._id}$`), { timeout: 25_000 });
    await expect(page.locator('.ant-drawer-section').getByText('Brass Kettle').first()).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText('There is no such inventory page.')).toHaveCount(0);

    await navigateInApp(page, '/x/view-redirect?type=Batch&id=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Could not open this batch')).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText('No such batch in your business.')).toBeVisible();

    await navigateInApp(page, '/x/nothing/here');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(frame.sidebar).toBeVisible();
  });

  test('an item link that does not exist says so at once, asking the API once', async ({ page }) => {
    await registerOwner(page.request);
    const missing = '00000000-0000-4000-8000-000000000000';
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes(`/api/v1/user/inventory/item/${missing}`)) asked += 1;
    });
    // The page's timers on a clock the test can move: a retry (a second after a failure) is
    // brought forward instead of waited for.
    await page.clock.install();
    const answered = page.waitForResponse((response) => response.url().includes(`/user/inventory/item/${missing}`));
    await page.goto(`/x/inventory/items/${missing}`);
    expect((await answered).status()).toBe(404);
    await expect(page.getByText('Could not load this item')).toBeVisible({ timeout: 1_500 });
    // Every timer due in the next 2.5 s fires now; then one request through the page after
    // them, so any retry it started has been seen before it.
    await page.clock.runFor(2_500);
    await page.evaluate(() => fetch('/api/v1/health').then((response) => response.status));
    expect(asked).toBe(1);
  });
});
