import { expect, test } from '@playwright/test';
import { registerOwner } from './support/session-accounts';

// The signed-in sections: the admin remote's first screen is the users list.
const SECTIONS = [
  { name: 'inventory', path: '/x/inventory', title: 'Inventory' },
  { name: 'billing', path: '/x/billing', title: 'New sale' },
  { name: 'admin', path: '/x/admin', title: 'Users' },
] as const;

test('the shell renders the marketing remote at /', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Stockbook' })).toBeVisible();
  const home = page.locator('[data-remote="marketing"]');
  await expect(home.getByRole('heading', { level: 1, name: 'Stockbook' })).toBeVisible();
  await expect(home.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/user/registration');
});

test('moving between public pages swaps the remote page in place', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.locator('[data-remote="marketing"]').getByRole('heading', { name: 'Features' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('[data-remote="marketing"]').getByRole('heading', { name: 'Pricing' })).toBeVisible();
});

for (const section of SECTIONS) {
  test(`the ${section.name} remote renders inside the shell at ${section.path}`, async ({ page }) => {
    await registerOwner(page.context().request);
    await page.goto(section.path);
    // A cold /x loads the frame, then the remote, then its screen: the frame page object's 25 s.
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible({ timeout: 25_000 });
    await expect(page.getByRole('heading', { level: 1, name: section.title })).toBeVisible({ timeout: 20_000 });
  });
}

test('an unreachable remote shows a contained fallback, the rest keeps working, and Retry loads it', async ({ page }) => {
  await registerOwner(page.context().request);
  await page.route('**/remotes/billing-mf/**', (route) => route.abort('connectionrefused'));
  await page.goto('/x/billing');
  const fallback = page.getByTestId('remote-fallback-billing');
  await expect(fallback).toBeVisible({ timeout: 25_000 });
  await expect(fallback.getByRole('heading', { name: 'Billing could not be loaded' })).toBeVisible();
  const retry = fallback.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // The header and another remote still work.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.locator('[data-remote="inventory"]').getByRole('heading', { name: 'Inventory' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByTestId('remote-fallback-billing')).toBeVisible();

  // Once the remote is back, Retry loads it without a page reload.
  await page.unroute('**/remotes/billing-mf/**');
  await page.getByTestId('remote-fallback-billing').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="billing"]').getByRole('heading', { level: 1, name: 'New sale' })).toBeVisible();
  await expect(page.getByTestId('remote-fallback-billing')).toHaveCount(0);
});

test('every remote shares the shell’s React and QueryClient (diagnostics at /test)', async ({ page }) => {
  await page.goto('/test');
  await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
  await expect(page.getByTestId('api-health')).toContainText('ok (database up');
  for (const name of ['marketing', 'inventory', 'billing', 'admin']) {
    await expect(page.getByTestId(`diagnostics-${name}-react`)).toHaveText('yes');
    await expect(page.getByTestId(`diagnostics-${name}-query-client`)).toHaveText('yes');
    await expect(page.getByTestId(`diagnostics-${name}-version`)).toHaveText(/^\d+\.\d+\.\d+/);
  }
});

test('an unknown public path shows the error page inside the frame', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Error - 404' })).toBeVisible();
  await expect(page.getByText('Not Found')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2024 Stockbook');
  expect(errors.join('\n')).toContain('404');
});

test('the home page loads without console errors or failed requests (Sentry off without a DSN)', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('requestfailed', (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.goto('/');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
