import { expect, test, type Locator, type Page } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { addStaff, registerOwner } from './support/session-accounts';

// The signed-in frame and the admin screens on a phone (issue 13, point 2): the mobile project,
// 390x844 by touch. Accessibility at 390 px is a11y-shell.spec.ts.

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

test('the /x frame on a phone: the sidebar is a drawer over the page, the header fits; the users and locations tables keep names and actions on screen; dialogs take the whole width, their titles clear of the close button', async ({ page }) => {
  test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
  await registerOwner(page.request, { firstName: 'Priya', lastName: 'Patel', locationName: 'Quayside Market Hall' });
  await addStaff(page.request, [], { firstName: 'Bartholomew', lastName: 'Fitzgerald-Montgomery' });
  const frame = new XFrame(page);
  await frame.open('/x');
  const menu = page.getByRole('button', { name: 'Menu' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });

  await test.step('the page keeps the whole width and its heading is clear of the menu button; the header fits', async () => {
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expect(heading).toBeVisible();
    await expect(frame.sidebar).toBeHidden();
    const main = await page.getByRole('main').boundingBox();
    expect(main!.width).toBeGreaterThanOrEqual(WIDTH - 1);
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
  });

  await test.step('the sidebar is a drawer over the page; a link closes it', async () => {
    await menu.tap();
    await expect(drawer).toBeVisible();
    await expect(frame.sidebar).toBeVisible();
    // Over the page, not beside it: the page keeps its width underneath.
    expect((await page.getByRole('main').boundingBox())!.width).toBeGreaterThanOrEqual(WIDTH - 1);
    await expect(drawer.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
    await frame.sidebar.getByRole('link', { name: 'Admin', exact: true }).tap();
    await expect(page).toHaveURL(/\/x\/admin$/);
    await expect(drawer).toBeHidden();
  });

  await test.step('the users table keeps each name with its actions on screen', async () => {
    const row = page.getByRole('row', { name: /Bartholomew/ });
    await expect(row).toBeVisible({ timeout: 25_000 });
    for (const name of ['Edit', 'Permissions of', 'Lock']) {
      const button = row.getByRole('button', { name: new RegExp(`^${name} Bartholomew`) });
      await expect(button).toBeVisible();
      await expectWithinWidth(button);
    }
    await expectWithinWidth(row.getByText('Bartholomew Fitzgerald-Montgomery'));
    await expectNoSidewaysScroll(page);
  });

  await test.step('dialogs take the whole width, their titles clear of the close button', async () => {
    await page.getByRole('button', { name: 'Permissions of Bartholomew Fitzgerald-Montgomery' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Permissions of Bartholomew Fitzgerald-Montgomery' });
    await expect(dialog).toBeVisible();
    // Once its opening animation is over: the whole width.
    // (Its zoom moves the box's left edge and width together, so both are awaited as one.)
    await expect
      .poll(async () => {
        const box = await page.locator('.ant-modal').boundingBox();
        return box ? { left: Math.round(box.x), width: Math.round(box.width) } : null;
      })
      .toEqual({ left: 0, width: WIDTH });
    // Every line of the (wrapping) title stays clear of the close button.
    const clash = await dialog.evaluate((modal) => {
      const title = modal.querySelector('.ant-modal-title')!;
      const close = modal.querySelector('.ant-modal-close')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(title);
      return [...range.getClientRects()].some((line) => line.right > close.left && line.left < close.right && line.bottom > close.top && line.top < close.bottom);
    });
    expect(clash).toBe(false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the locations table keeps its names and Edit on screen', async () => {
    await menu.tap();
    await frame.sidebar.getByRole('link', { name: 'Locations' }).tap();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible({ timeout: 25_000 });
    const location = page.getByRole('row', { name: /Quayside Market Hall/ });
    await expect(location).toBeVisible({ timeout: 25_000 });
    await expectWithinWidth(location.getByText('Quayside Market Hall'));
    await expectWithinWidth(location.getByRole('button', { name: 'Edit Quayside Market Hall' }));
    await expectNoSidewaysScroll(page);
  });
});
