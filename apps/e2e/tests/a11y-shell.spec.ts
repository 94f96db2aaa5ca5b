import { expect, test, type Page } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { AccessibilitySweep, DESKTOP, PHONE } from './support/accessibility-sweep';
import { addStaff, createdBy, registerOwner } from './support/session-accounts';
import { navigateInApp } from './support/shell-navigate';

// One accessibility sweep of the shell's signed-in frame: the frame drawn from the HTML alone, the
// dashboard with its header and side menu, the user menu, the palette finding items, the admin
// remote's users (with a Permissions dialog), locations and profile screens, and the phone's drawer,
// each judged in both themes at 1440 and at 390 px, in one page (the states x-frame-chrome,
// x-frame-phone, x-frame-placeholder and user-pages-accessibility judged one page load each).

/** Nothing on the page still loading (antd spinners, the shell's indicator). */
async function settledScreen(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .sb-loading')).toHaveCount(0);
}

async function screen(page: Page, path: string, heading: string): Promise<void> {
  await navigateInApp(page, path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 25_000 });
  await settledScreen(page);
}

test('the signed-in frame, its menus, palette, drawer and the admin screens have no serious or critical violations (both themes, 1440 and 390 px)', async ({ page }) => {
  // About 20 states, each judged by axe twice (light and dark), 3 to 10 s a judgement on this
  // machine, and four remote screens.
  test.setTimeout(360_000);
  await registerOwner(page.request, { firstName: 'Sam', lastName: 'Owner' });
  await addStaff(page.request, [], { firstName: 'Sam', lastName: 'Staff' });
  await createdBy(page.request)('user/inventory/add/simple/item', { itemName: 'Copper Teapot', price: '12' });
  const sweep = new AccessibilitySweep(page);
  const frame = new XFrame(page);

  // The frame as the HTML alone draws it (every script refused). Without the shell's code nothing
  // follows the system theme live, so the page is given the one line the shell's theme store runs:
  // <html data-theme> follows the media query, exactly as theme-boot.js sets it on a load.
  await page.route(/\/(assets|remotes)\/.*\.js$/, (route) => route.abort());
  await page.goto('/x/billing/reports');
  await expect(page.locator('.sb-boot .sb-page-title')).toHaveText('Profit and loss');
  await page.evaluate(() => {
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    dark.addEventListener('change', () => document.documentElement.setAttribute('data-theme', dark.matches ? 'dark' : 'light'));
  });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await sweep.check('the frame drawn from the HTML (/x/billing/reports, no script run)');
  }
  await page.unrouteAll();

  await page.setViewportSize(DESKTOP);
  await frame.open('/x');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await screen(page, '/x', 'Dashboard');
    await expect(page.getByTestId('location-selector')).toContainText('All locations');
    await sweep.check('/x: the dashboard, the header and the side menu');

    await frame.userMenuItem('Profile');
    await sweep.check('/x: the open user menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeHidden();

    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await palette.getByPlaceholder('Type a command or search...').fill('copper');
    await expect(palette.getByRole('group', { name: 'Items' }).getByRole('option')).toHaveText(['Copper Teapot'], { useInnerText: true });
    await sweep.check('/x: the palette finding items', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await screen(page, '/x/admin', 'Users');
    await sweep.check('/x/admin: the users');
    await page.getByRole('button', { name: 'Permissions of Sam Staff' }).click();
    const permissions = page.getByRole('dialog', { name: 'Permissions of Sam Staff' });
    await expect(permissions).toBeVisible();
    await settledScreen(page);
    await sweep.check('/x/admin: the Permissions dialog', '.ant-modal');
    await page.keyboard.press('Escape');
    await expect(permissions).toBeHidden();

    await screen(page, '/x/locations', 'Locations');
    await sweep.check('/x/locations');
    await screen(page, '/x/profile', 'Your profile');
    await sweep.check('/x/profile');

    if (viewport.width === PHONE.width) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await sweep.check('/x/profile: the open side menu drawer', '.sb-x-nav-drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    }
  }
  sweep.expectClean();
});
