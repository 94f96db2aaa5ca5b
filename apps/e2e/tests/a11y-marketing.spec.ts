import { expect, test, type Locator, type Page } from '@playwright/test';
import { PublicSite } from './pages/public-site.page';
import { AccessibilitySweep, DESKTOP, PHONE } from './support/accessibility-sweep';
import { navigateInApp } from './support/shell-navigate';

// One accessibility sweep of the marketing remote and the public frame around it: every public
// page, the open command palette, the phone's side menu and the sign-in pages, each judged in both
// themes at 1440 and at 390 px, in one page (the states accessibility.spec.ts, side-menu.spec.ts
// and user-pages-accessibility.spec.ts judged one page load each).

/** A public page and what shows it is fully drawn. */
const PUBLIC_PAGES: ReadonlyArray<{ path: string; shown: (page: Page) => Locator }> = [
  { path: '/', shown: (page) => h1(page, 'Stockbook') },
  { path: '/features', shown: (page) => h1(page, 'Features') },
  { path: '/pricing', shown: (page) => h1(page, 'Pricing') },
  { path: '/terms-and-conditions', shown: (page) => h1(page, 'Terms and conditions') },
  { path: '/privacy-policy', shown: (page) => h1(page, 'Privacy policy') },
  { path: '/loading', shown: (page) => page.getByRole('main').getByRole('status') },
  { path: '/docs', shown: (page) => h1(page, 'Documentation') },
  { path: '/docs/getting-started', shown: (page) => h1(page, 'Getting started') },
  { path: '/docs/inventory', shown: (page) => h1(page, 'Inventory') },
  { path: '/docs/invoices', shown: (page) => h1(page, 'Invoices') },
  { path: '/docs/transfers', shown: (page) => h1(page, 'Transfers') },
  { path: '/docs/reports', shown: (page) => h1(page, 'Reports') },
  // Every remote's row filled in and the API's health in: the page as it stays.
  { path: '/test', shown: (page) => page.getByTestId('api-health').filter({ hasText: 'ok (database up' }) },
  { path: '/no-such-page', shown: (page) => h1(page, 'Error - 404') },
];

const AUTH_PAGES: ReadonlyArray<{ path: string; shown: (page: Page) => Locator }> = [
  { path: '/user/login', shown: (page) => h1(page, 'Sign in') },
  { path: '/user/registration', shown: (page) => h1(page, 'Create your account') },
  { path: '/user/forgot/username', shown: (page) => page.getByRole('tab', { name: 'Username', selected: true }) },
  { path: '/user/forgot/password', shown: (page) => page.getByRole('tab', { name: 'Password', selected: true }) },
  // A well-formed link the server does not know: the page once it has asked.
  { path: '/user/reset-password?token=' + 'x'.repeat(43), shown: (page) => page.getByRole('heading', { name: 'This reset link is invalid or has expired' }) },
];

function h1(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** The page at `path`, drawn, with nothing of it still loading. */
async function visit(page: Page, path: string, shown: (page: Page) => Locator): Promise<void> {
  await navigateInApp(page, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  await expect(shown(page)).toBeVisible();
  await expect(page.locator('.sb-loading')).toHaveCount(path === '/loading' ? 1 : 0);
  if (path === '/test') {
    for (const remote of ['marketing', 'inventory', 'billing', 'admin']) await expect(page.getByTestId(`diagnostics-${remote}-react`)).toHaveText('yes');
  }
}

test('the public site, its palette and side menu, and the sign-in pages have no serious or critical violations (both themes, 1440 and 390 px)', async ({ page }) => {
  // About 45 states, each judged by axe twice (light and dark): 3 to 12 s a judgement on this
  // machine under load (axe is injected twice per run: into the page, and into a blank page for
  // finishRun), 11 minutes in all at a load average of 25.
  test.setTimeout(900_000);
  const sweep = new AccessibilitySweep(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(h1(page, 'Stockbook')).toBeVisible();

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const site = new PublicSite(page, viewport.width === PHONE.width);
    for (const { path, shown } of PUBLIC_PAGES) {
      await visit(page, path, shown);
      await sweep.check(path);
    }

    await visit(page, '/', PUBLIC_PAGES[0]!.shown);
    await page.keyboard.press('/');
    await expect(site.palette).toBeVisible();
    await sweep.check('the open command palette');
    await page.keyboard.press('Escape');
    await expect(site.palette).toBeHidden();

    if (site.small) {
      await site.menuButton.click();
      await expect(site.sideMenu).toBeVisible();
      await sweep.check('the open side menu');
      await page.keyboard.press('Escape');
      await expect(site.sideMenu).toBeHidden();
    }

    for (const { path, shown } of AUTH_PAGES) {
      await visit(page, path, shown);
      await sweep.check(path);
      if (path === '/user/login') {
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.locator('#login_username_help')).toBeVisible();
        await sweep.check('/user/login showing its field errors');
      }
    }
  }
  sweep.expectClean();
});
