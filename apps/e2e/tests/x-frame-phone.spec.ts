import { expect, test, type Locator, type Page } from '@playwright/test';
import { FRAME_SCREENS, XFrame } from './pages/x-frame.page';
import { seriousViolationsWithin } from './support/admin-axe';
import { seriousViolations } from './support/axe';
import { addStaff, registerOwner } from './support/session-accounts';

// The signed-in frame and the admin screens on a phone (issue 13, point 2), at 390x844.

const WIDTH = 390;

/** Whether two boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
}

/** The page does not scroll sideways: nothing sticks out to the right. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/** Entirely on screen, left to right. */
async function expectWithinWidth(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
}

test.describe('the /x frame on a phone', () => {
  test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar is a drawer over the page; the page keeps the whole width and its heading is clear of the menu button', async ({ page }) => {
    await registerOwner(page.request, { firstName: 'Priya', lastName: 'Patel' });
    const frame = new XFrame(page);
    await frame.open('/x');
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expect(heading).toBeVisible();
    await expect(frame.sidebar).toBeHidden();
    const main = await page.getByRole('main').boundingBox();
    expect(main!.width).toBeGreaterThanOrEqual(WIDTH - 1);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await overlap(menu, heading)).toBe(false);

    // The header fits: menu, logo, search, location and account, all on screen.
    const header = page.getByRole('banner');
    for (const part of [menu, header.getByRole('link', { name: 'Stockbook' }), header.getByRole('button', { name: 'Search' }), frame.locationSelector, frame.userMenuButton]) {
      await expect(part).toBeVisible();
      await expectWithinWidth(part);
    }
    await expect(frame.userMenuButton).toHaveAccessibleName('Account: Priya Patel');
    await expect(frame.userMenuButton).toContainText('PP');
    const headerBox = await header.boundingBox();
    expect(headerBox!.height).toBeLessThanOrEqual(64);
    await expectNoSidewaysScroll(page);

    await menu.tap();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(frame.sidebar).toBeVisible();
    // Over the page, not beside it: the page keeps its width underneath.
    expect((await page.getByRole('main').boundingBox())!.width).toBeGreaterThanOrEqual(WIDTH - 1);
    await expect(drawer.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
    await frame.sidebar.getByRole('link', { name: 'Locations' }).tap();
    await expect(page).toHaveURL(/\/x\/locations$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible({ timeout: 25_000 });
  });

  test('the users table keeps each name with its actions on screen; the locations table its names and Edit', async ({ page }) => {
    await registerOwner(page.request, { locationName: 'Quayside Market Hall' });
    await addStaff(page.request, [], { firstName: 'Bartholomew', lastName: 'Fitzgerald-Montgomery' });
    const frame = new XFrame(page);
    await frame.open('/x/admin');
    const row = page.getByRole('row', { name: /Bartholomew/ });
    await expect(row).toBeVisible({ timeout: 25_000 });
    for (const name of ['Edit', 'Permissions of', 'Lock']) {
      const button = row.getByRole('button', { name: new RegExp(`^${name} Bartholomew`) });
      await expect(button).toBeVisible();
      await expectWithinWidth(button);
    }
    await expectWithinWidth(row.getByText('Bartholomew Fitzgerald-Montgomery'));
    await expectNoSidewaysScroll(page);

    await page.goto('/x/locations');
    const location = page.getByRole('row', { name: /Quayside Market Hall/ });
    await expect(location).toBeVisible({ timeout: 25_000 });
    await expectWithinWidth(location.getByText('Quayside Market Hall'));
    await expectWithinWidth(location.getByRole('button', { name: 'Edit Quayside Market Hall' }));
    await expectNoSidewaysScroll(page);
  });

  test('dialogs take the whole width, their titles clear of the close button', async ({ page }) => {
    await registerOwner(page.request);
    await addStaff(page.request, [], { firstName: 'Bartholomew', lastName: 'Fitzgerald-Montgomery' });
    const frame = new XFrame(page);
    await frame.open('/x/admin');
    await page.getByRole('button', { name: 'Permissions of Bartholomew Fitzgerald-Montgomery' }).click({ timeout: 25_000 });
    const dialog = page.getByRole('dialog', { name: 'Permissions of Bartholomew Fitzgerald-Montgomery' });
    await expect(dialog).toBeVisible();
    // Once its opening animation is over: the whole width.
    await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBeGreaterThanOrEqual(WIDTH - 1);
    expect((await page.locator('.ant-modal').boundingBox())!.x).toBeLessThanOrEqual(0.5);
    // Every line of the (wrapping) title stays clear of the close button.
    const clash = await dialog.evaluate((modal) => {
      const title = modal.querySelector('.ant-modal-title')!;
      const close = modal.querySelector('.ant-modal-close')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(title);
      return [...range.getClientRects()].some((line) => line.right > close.left && line.left < close.right && line.bottom > close.top && line.top < close.bottom);
    });
    expect(clash).toBe(false);
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the frame, its drawer and the admin screens have no serious or critical violations (${theme})`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
      await registerOwner(page.request);
      await addStaff(page.request, [], { firstName: 'Sam', lastName: 'Staff' });
      const frame = new XFrame(page);
      for (const { path, heading } of FRAME_SCREENS) {
        await frame.openScreen(path, heading);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('.ant-spin-spinning, .sb-loading')).toHaveCount(0);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.getByRole('button', { name: 'Menu' }).tap();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      expect(await seriousViolationsWithin(page, '.sb-x-nav-drawer')).toEqual([]);
    });
  }
});
