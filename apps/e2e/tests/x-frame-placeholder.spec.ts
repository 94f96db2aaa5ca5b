import { expect, test, type Page } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { seriousViolations } from './support/axe';
import { registerOwner } from './support/session-accounts';

// Issue 13, point 8: a cold page under /x paints the frame and the screen's heading from its HTML
// (the API sends the frame's placeholder, libs/contracts/src/frame-placeholder.ts), before the
// frame's code, antd and the remote have run; the page then takes its place without moving it.

/** Where the screen's heading is drawn: the box of its text. */
const headingBox = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return { x, y, width, height, font: `${style.fontWeight} ${style.fontSize} ${style.fontFamily}` };
  });

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test(`a cold /x/inventory draws the frame and its heading with no script run, where the page then shows them (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await registerOwner(page.request);

    // Every script of the shell and the remotes refused: what the HTML alone paints.
    await page.route(/\/(assets|remotes)\/.*\.js$/, (route) => route.abort());
    await page.goto('/x/inventory');
    await expect(page).toHaveTitle('Inventory · Stockbook');
    const placeholder = page.locator('.sb-boot');
    await expect(placeholder).toBeVisible();
    await expect(placeholder.locator('.sb-page-title')).toHaveText('Inventory');
    await expect(placeholder.getByRole('status')).toHaveText(/Loading/);
    await expect(placeholder.getByRole('link', { name: 'Stockbook' }).first()).toHaveAttribute('href', '/x');
    const drawn = await headingBox(page, '.sb-boot .sb-page-title');

    await page.unrouteAll();
    const frame = new XFrame(page);
    await frame.open('/x/inventory');
    const h1 = page.locator('[data-remote="inventory"]').getByRole('heading', { level: 1, name: 'Inventory', exact: true });
    await expect(h1).toBeVisible();
    await expect(page.locator('.sb-boot')).toHaveCount(0);
    const shown = await headingBox(page, '[data-remote="inventory"] h1');
    expect(shown).toEqual(drawn);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the drawn frame has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    await registerOwner(page.request);
    await page.route(/\/(assets|remotes)\/.*\.js$/, (route) => route.abort());
    await page.goto('/x/billing/reports');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('.sb-boot .sb-page-title')).toHaveText('Profit and loss');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a signed-out visitor to /x/inventory is not shown the frame, and goes to sign in', async ({ page }) => {
  await page.route(/\/(assets|remotes)\/.*\.js$/, (route) => route.abort());
  await page.goto('/x/inventory');
  await expect(page).toHaveTitle('Stockbook');
  await expect(page.locator('.sb-boot')).toHaveCount(0);
  await page.unrouteAll();
  await page.goto('/x/inventory');
  await expect(page).toHaveURL(/\/user\/login/);
});
