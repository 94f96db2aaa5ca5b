import { expect, test } from '@playwright/test';
import { XFrame } from './pages/x-frame.page';
import { seriousViolations } from './support/axe';
import { registerOwner } from './support/session-accounts';

// The sign-in pages (and the signed-in frame), in both themes; the mobile project runs this
// file again at 390x844 (its name ends in accessibility.spec.ts).
const PAGES: Array<{ path: string; heading: string }> = [
  { path: '/user/login', heading: 'Sign in' },
  { path: '/user/registration', heading: 'Create your account' },
  { path: '/user/forgot/username', heading: 'Forgotten your details?' },
  { path: '/user/forgot/password', heading: 'Forgotten your details?' },
  { path: '/user/reset-password?token=' + 'x'.repeat(43), heading: 'Choose a new password' },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    });

    for (const { path, heading } of PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('.sb-loading')).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the login form showing its field errors has no serious or critical violations', async ({ page }) => {
      await page.goto('/user/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.locator('#login_username_help')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the signed-in frame has no serious or critical violations', async ({ page }) => {
      await registerOwner(page.request);
      const frame = new XFrame(page);
      await frame.open('/x');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByTestId('location-selector')).toContainText('All locations');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
