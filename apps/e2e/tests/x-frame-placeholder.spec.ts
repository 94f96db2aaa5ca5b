import { expect, test, type Page } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
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

test('a signed-out visitor to /x/inventory is not shown the frame; signed in, a cold /x/inventory draws the frame and its heading with no script run, where the page then shows them (1440 and 390 px)', async ({ page }) => {
  test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
  // Every script of the shell and the remotes refused: what the HTML alone paints.
  const refuseScripts = () => page.route(/\/(assets|remotes)\/.*\.js$/, (route) => route.abort());

  await test.step('signed out: no frame, and the page sends the visitor to sign in', async () => {
    await refuseScripts();
    await page.goto('/x/inventory');
    await expect(page).toHaveTitle('Stockbook');
    await expect(page.locator('.sb-boot')).toHaveCount(0);
    await page.unrouteAll();
    await page.goto('/x/inventory');
    await expect(page).toHaveURL(/\/user\/login/);
  });

  await registerOwner(page.request);
  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await test.step(`${viewport.width} px`, async () => {
      await page.setViewportSize(viewport);
      await refuseScripts();
      await page.goto('/x/inventory');
      await expect(page).toHaveTitle('Inventory · Stockbook');
      const placeholder = page.locator('.sb-boot');
      await expect(placeholder).toBeVisible();
      await expect(placeholder.locator('.sb-page-title')).toHaveText('Inventory');
      await expect(placeholder.getByRole('status')).toHaveText(/Loading/);
      await expect(placeholder.getByRole('link', { name: 'Stockbook' }).first()).toHaveAttribute('href', '/x');
      const drawn = await headingBox(page, '.sb-boot .sb-page-title');

      // The cold load again, scripts and all: the page takes the placeholder's place.
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
});
