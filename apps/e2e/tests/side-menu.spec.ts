import { expect, test } from '@playwright/test';
import { PublicSite } from './pages/public-site.page';
import { seriousViolations } from './support/axe';

// Small screens only (the mobile project); on desktop the header shows the links instead,
// which public-site.spec.ts checks, along with the menu button being hidden there.

test('Toggle Menu opens a side menu from the left; choosing a link closes it', async ({ page }) => {
  const site = new PublicSite(page, true);
  await site.open('/');
  await site.menuButton.click();
  await expect(site.sideMenu).toBeVisible();
  await expect(site.sideMenu.getByRole('navigation').getByRole('link')).toHaveText(['Features', 'Pricing', 'Documentation']);
  await expect.poll(async () => (await site.sideMenu.boundingBox())?.x).toBe(0);

  await site.sideMenu.getByRole('link', { name: 'Pricing' }).click();
  await expect(site.sideMenu).toBeHidden();
  await expect(page).toHaveURL(/\/pricing$/);

  await site.menuButton.click();
  const popup = page.waitForEvent('popup');
  await site.sideMenu.getByRole('link', { name: 'Documentation' }).click();
  await expect(site.sideMenu).toBeHidden();
  const docs = await popup;
  await expect(docs.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();

  await site.menuButton.click();
  await page.keyboard.press('Escape');
  await expect(site.sideMenu).toBeHidden();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open side menu has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
