import { expect, test } from '@playwright/test';
import { registerOwner } from './support/session-accounts';

// Remotes fail alone. That each remote renders inside the shell is x-frame.spec.ts (the sections
// step) and public-site.spec.ts (the marketing remote, swapped in place); that every remote shares
// the shell's React and QueryClient is public-site.spec.ts (/test).

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
