import { expect, test } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { chooseOptions } from './support/antd-select';
import { addLocation, addStaff, listLocations, registerOwner, signedInContext } from './support/session-accounts';

// The signed-in frame under /x (issue 4, point 10; specification section 2).

test.describe('the /x frame', () => {
  test("the user menu has Profile, Messages with the unread count, and the owner's location selector offers all locations", async ({
    browser,
    page,
  }) => {
    const owner = await registerOwner(page.request);
    const branch = await addLocation(page.request, 'Quay Branch');
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [] }]);
    const staffContext = await signedInContext(browser, staff.username);
    for (const body of ['The delivery is in.', 'Till 2 needs a new roll.']) {
      const sent = await staffContext.request.post('/api/v1/user/message', { data: { to: owner.user._id, subject: 'Shop floor', body } });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    await staffContext.close();

    const frame = new XFrame(page);
    await frame.open('/x');
    const options = await frame.locationOptions();
    expect(options[0]).toBe('All locations');
    expect(options).toContain(branch.name);
    expect(options).toHaveLength(3);

    // The choice is remembered.
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

  test('staff who see several locations may choose all of them; staff at one location hold it', async ({ browser, page }) => {
    await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const quay = await addLocation(page.request, 'Quay Branch');
    await addLocation(page.request, 'Hill Depot');
    const several = await addStaff(page.request, [{ action: ['view:item'], locations: [main!._id, quay._id] }]);
    const one = await addStaff(page.request, [{ action: ['view:item'], locations: [quay._id] }]);

    const severalContext = await signedInContext(browser, several.username);
    try {
      const frame = new XFrame(await severalContext.newPage());
      await frame.open('/x');
      expect(await frame.locationOptions()).toEqual(['All locations', main!.name, 'Quay Branch']);
      await expect(frame.page.getByTestId('location-selector')).toContainText('All locations');
    } finally {
      await severalContext.close();
    }
    const oneContext = await signedInContext(browser, one.username);
    try {
      const frame = new XFrame(await oneContext.newPage());
      await frame.open('/x');
      expect(await frame.locationOptions()).toEqual(['Quay Branch']);
      await expect(frame.page.getByTestId('location-selector')).toContainText('Quay Branch');
    } finally {
      await oneContext.close();
    }
  });

  test('the sidebar links open their sections and mark the one on show', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await frame.sidebar.getByRole('link', { name: 'Inventory' }).click();
    await expect(page).toHaveURL(/\/x\/inventory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await expect(frame.sidebar.locator('.ant-menu-item-selected')).toHaveText('Inventory');
    await frame.sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/x$/);
  });

  test('view-redirect sends a link to its screen, or to no-permission / not-found', async ({ browser, page }) => {
    test.setTimeout(60_000); // four page loads and a second browser context: over 30 s on a busy machine
    await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const frame = new XFrame(page);
    await frame.open('/x/view-redirect?type=item&id=abc-123');
    await expect(page).toHaveURL(/\/x\/inventory\/items\/abc-123$/);
    await page.goto('/x/view-redirect?type=location&id=' + main!._id);
    await expect(page).toHaveURL(new RegExp(`/x/locations/${main!._id}$`));
    await page.goto('/x/view-redirect?type=widget&id=1');
    await expect(page).toHaveURL(/\/x\/not-found$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await frame.waitUntilShown();

    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [main!._id] }]);
    const staffContext = await signedInContext(browser, staff.username);
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/x/view-redirect?type=invoice&id=inv-1');
    await expect(staffPage).toHaveURL(/\/x\/no-permission$/);
    await expect(staffPage.getByTestId('no-permission')).toBeVisible();
    await staffContext.close();
  });

  test('the dashboard, the inventory and an admin screen each have exactly one main landmark', async ({ page }) => {
    test.setTimeout(90_000); // three screens, two of them a remote's first render
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await page.goto('/x');
    for (const [link, heading] of [
      [null, 'Dashboard'],
      ['Inventory', 'Inventory'],
      ['Admin', 'Users'],
    ] as const) {
      if (link) await frame.sidebar.getByRole('link', { name: link, exact: true }).click();
      // The screen is on show (a remote's first render loads it: slow on a busy machine), then its landmarks are counted.
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 25_000 });
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.locator('main')).toHaveCount(1);
    }
  });

  test('unknown screens under /x show the not-found page inside the frame', async ({ page }) => {
    await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x/nothing/here');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(frame.sidebar).toBeVisible();
  });
});
