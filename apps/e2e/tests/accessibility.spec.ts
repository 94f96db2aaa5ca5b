import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

// Every public page, in both themes, on desktop and (mobile project) at 390x844.
const PAGES = [
  '/',
  '/features',
  '/pricing',
  '/terms-and-conditions',
  '/privacy-policy',
  '/loading',
  '/docs',
  '/docs/getting-started',
  '/docs/inventory',
  '/docs/invoices',
  '/docs/transfers',
  '/docs/reports',
  '/test',
  '/no-such-page',
];


for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    });

    for (const path of PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('status')).first()).toBeVisible();
        // Judge the page once everything it loads is in (only /loading keeps its indicator).
        await expect(page.locator('.sb-loading')).toHaveCount(path === '/loading' ? 1 : 0);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the open command palette has no serious or critical violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Stockbook' })).toBeVisible();
      await page.keyboard.press('/');
      await expect(page.getByRole('dialog', { name: 'Search and commands' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

  });
}
