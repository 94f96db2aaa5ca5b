import { expect, test } from '@playwright/test';
import { PublicSite } from './pages/public-site.page';

// The public header on a phone (the mobile project, 390x844, touch): the links live in a side
// menu. On desktop the header shows them instead (public-site.spec.ts, which also checks the menu
// button is hidden there); accessibility of the open menu is a11y-marketing.spec.ts.

test('the header folds its links into Toggle Menu: a side menu from the left whose links close it, marking Pricing active below /pricing and Documentation below /docs', async ({ page }) => {
  const site = new PublicSite(page, true);
  await site.open('/pricing/enterprise');
  await expect(site.content.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  await expect(site.mainNav).toBeHidden();
  await expect(site.searchButton).toBeVisible();
  await expect(site.header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/user/login');
  for (const choice of ['Light', 'Dark', 'System']) await expect(site.themeSwitcher.getByRole('radio', { name: choice })).toBeVisible();

  await site.menuButton.click();
  await expect(site.sideMenu).toBeVisible();
  const links = site.sideMenu.getByRole('navigation').getByRole('link');
  await expect(links).toHaveText(['Features', 'Pricing', 'Documentation', 'Sign up']); // Sign up: the header's shows on wide screens only
  await expect.poll(async () => (await site.sideMenu.boundingBox())?.x).toBe(0);
  await expect(site.sideMenu.getByRole('link', { name: 'Pricing' })).toHaveClass(/active/);
  await expect(site.sideMenu.getByRole('link', { name: 'Documentation' })).not.toHaveClass(/active/);
  await expect(site.sideMenu.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs');
  await expect(site.sideMenu.getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank');

  await site.sideMenu.getByRole('link', { name: 'Features' }).tap();
  await expect(site.sideMenu).toBeHidden();
  await expect(page).toHaveURL(/\/features$/);
  await expect(site.content.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();

  await site.menuButton.click();
  const popup = page.waitForEvent('popup');
  await site.sideMenu.getByRole('link', { name: 'Documentation' }).click();
  await expect(site.sideMenu).toBeHidden();
  const docs = await popup;
  await expect(docs.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  // In the documentation, the side menu marks Documentation.
  const docsSite = new PublicSite(docs, true);
  await docsSite.menuButton.click();
  await expect(docsSite.sideMenu.getByRole('link', { name: 'Documentation' })).toHaveClass(/active/);
  await expect(docsSite.sideMenu.getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'page');
  await expect(docsSite.sideMenu.getByRole('link', { name: 'Pricing' })).not.toHaveClass(/active/);
  await docs.keyboard.press('Escape');
  await expect(docsSite.sideMenu).toBeHidden();
});
