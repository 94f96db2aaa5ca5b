import { expect, test } from '@playwright/test';
import { lightness, PublicSite } from './pages/public-site.page';
import { XFrame } from './pages/x-frame.page';
import { registerOwner } from './support/session-accounts';
import { navigateInApp } from './support/shell-navigate';

// The public site at 1440 px (the desktop project). What differs on a phone (the header's side
// menu, its links and the search button's text) is side-menu.spec.ts, in the mobile project;
// accessibility is a11y-marketing.spec.ts.

test.describe('banner, header, footer and pages', () => {
  test('the public pages: banner, header and footer, home, features, pricing, terms, privacy and /loading, swapped in place with no error for a visitor', async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const site = PublicSite.for(page, test.info());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));

    await test.step('the shell renders the marketing remote at /, with no 401, console error or failed request (Sentry off without a DSN)', async () => {
      await site.open('/');
      await expect(site.content.getByRole('heading', { level: 1, name: 'Stockbook' })).toBeVisible();
      await expect(site.header.getByRole('link', { name: 'Login' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    await test.step('the banner, the brand, the links and Login are there', async () => {
      await expect(page.getByText('We stand with Palestine 🍉')).toBeVisible();
      const brand = site.header.getByRole('link', { name: 'Stockbook' });
      await expect(brand).toHaveAttribute('href', '/');
      await expect(brand.locator('img')).toHaveAttribute('src', '/logo.svg');
      await expect(site.header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/user/login');
      // A new shop signs up from the header too (issue 24).
      await expect(site.header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/user/registration');
      await expect(site.themeSwitcher.getByRole('radio')).toHaveText(['', '', '']);
      for (const choice of ['Light', 'Dark', 'System']) await expect(site.themeSwitcher.getByRole('radio', { name: choice })).toBeVisible();
      await expect(site.menuButton).toBeHidden();
      await expect(site.searchButton).toBeVisible();
      await expect(site.mainNav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(site.mainNav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
      await expect(site.mainNav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
      const docs = site.mainNav.getByRole('link', { name: 'Documentation' });
      await expect(docs).toHaveAttribute('href', '/docs');
      await expect(docs).toHaveAttribute('target', '_blank');
    });

    await test.step('home: headline, tagline and what it does', async () => {
      await expect(site.content.locator('.mk-tagline')).not.toBeEmpty();
      await expect(site.content).toContainText('manages your inventory, finances and staff in one place');
      await expect(site.content).toContainText('cloud-based, realtime and secure');
      await expect(site.content.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/user/registration');
    });

    // One page from here on: moving between public pages swaps the remote page in place.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await test.step('/features and /pricing (from the main navigation) have their heading and note', async () => {
      await site.mainNav.getByRole('link', { name: 'Features' }).click();
      await expect(page).toHaveURL(/\/features$/);
      await expect(site.content.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
      await expect(site.content).toContainText(/amazing features.*more will follow/);
      await site.mainNav.getByRole('link', { name: 'Pricing' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(site.content.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
      await expect(site.content).toContainText(/prototype and testing phase.*launch soon/);
    });

    await test.step('Pricing is active for any path below /pricing, Documentation for any below /docs', async () => {
      await navigateInApp(page, '/pricing/enterprise');
      await expect(site.content.getByRole('heading', { name: 'Pricing' })).toBeVisible();
      await expect(site.mainNav.getByRole('link', { name: 'Pricing' })).toHaveClass(/active/);
      await expect(site.mainNav.getByRole('link', { name: 'Documentation' })).not.toHaveClass(/active/);
      await navigateInApp(page, '/docs/invoices');
      await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
      await expect(site.mainNav.getByRole('link', { name: 'Documentation' })).toHaveClass(/active/);
      await expect(site.mainNav.getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'page');
      await expect(site.mainNav.getByRole('link', { name: 'Pricing' })).not.toHaveClass(/active/);
    });

    await test.step('the footer has the 2024 copyright and plain links to the terms and the privacy policy, each with its heading and note', async () => {
      await expect(site.footer).toContainText('© 2024 Stockbook');
      await site.footer.getByRole('link', { name: 'Terms and conditions' }).click();
      await expect(page).toHaveURL(/\/terms-and-conditions$/);
      await expect(site.content.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
      await expect(site.content).toContainText(/terms and conditions are not yet managed.*updated soon/);
      await site.footer.getByRole('link', { name: 'Privacy policy' }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(site.content.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
      await expect(site.content).toContainText(/privacy policy is not yet managed.*updated soon/);
    });

    await test.step('/loading shows the loading indicator inside the frame', async () => {
      await navigateInApp(page, '/loading');
      await expect(page.getByRole('main').getByRole('status')).toHaveText(/Loading/);
      await expect(site.footer).toBeVisible();
    });

    await test.step('Get Started on the home page goes to registration, not to Pricing (issue 13, point 5)', async () => {
      await site.mainNav.getByRole('link', { name: 'Home' }).click();
      await site.content.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/user\/registration$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    });

    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'no page load since the first').toBe(1);
  });

  test('an unknown path shows Error - 404 and Not Found inside the frame, and logs the error; an unknown documentation page too', async ({ page }) => {
    const site = PublicSite.for(page, test.info());
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await site.open('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Error - 404' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Not Found');
    await expect(site.footer).toContainText('© 2024 Stockbook');
    await expect(page.getByText('We stand with Palestine 🍉')).toBeVisible();
    await expect.poll(() => logged.some((line) => line.includes('404'))).toBe(true);

    await navigateInApp(page, '/docs/getting-started');
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    await navigateInApp(page, '/docs/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Error - 404' })).toBeVisible();
  });
});

test.describe('theme', () => {
  test('defaults to the system theme and follows it live; a chosen theme (switcher or palette) is kept in localStorage, survives a reload and ignores the system', async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const site = PublicSite.for(page, test.info());
    await page.emulateMedia({ colorScheme: 'light' });
    await site.open('/');
    await expect(site.themeSwitcher.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    expect(await site.theme()).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => site.theme()).toBe('dark');
    expect(lightness(await site.background())).toBeLessThan(60);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => site.theme()).toBe('light');

    await site.chooseTheme('Dark');
    await expect.poll(() => site.theme()).toBe('dark');
    expect(await site.storedPreference()).toBe('dark');
    expect(lightness(await site.background())).toBeLessThan(60);

    // The reload is the point: the choice outlives the page.
    await page.reload();
    await expect(site.header).toBeVisible();
    expect(await site.theme()).toBe('dark');
    await expect(site.themeSwitcher.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await site.theme()).toBe('dark');

    await site.chooseTheme('System');
    await expect.poll(() => site.theme()).toBe('light');
    expect(await site.storedPreference()).toBe('system');

    // Choosing a theme in the palette sets it and closes the palette.
    await page.keyboard.press('/');
    await site.palette.getByRole('option', { name: 'Dark' }).click();
    await expect(site.palette).toBeHidden();
    await expect.poll(() => site.theme()).toBe('dark');
    expect(await site.storedPreference()).toBe('dark');
  });

  test('the stored theme is on the page before any application code runs (no flash on reload)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('stockbook-theme', 'dark'));
    // Hold back every bundle: only index.html, its stylesheet and theme-boot.js can act.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(lightness(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor))).toBeLessThan(60);
  });
});

test.describe('search and command palette', () => {
  test('the button and / open it, with links, theme groups and an empty state; / is text while typing; arrow keys and Enter choose a link', async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const site = PublicSite.for(page, test.info());
    await site.open('/');
    await site.searchButton.click();
    await expect(site.palette).toBeVisible();
    await expect(site.paletteInput).toBeFocused();
    await expect(site.palette.getByText('Links', { exact: true })).toBeVisible();
    await expect(site.palette.getByRole('option', { name: 'Pricing', exact: true })).toBeVisible();
    const list = site.palette.getByRole('listbox');
    expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('300px');
    await site.paletteInput.fill('zzzz nothing like this');
    await expect(site.palette.getByText('No results found.')).toBeVisible();
    await site.paletteInput.fill('dark');
    await expect(site.palette.getByText('Theme', { exact: true })).toBeVisible();
    await expect(site.palette.getByRole('option', { name: 'Dark' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(site.palette).toBeHidden();
    await page.keyboard.press('/');
    await expect(site.palette).toBeVisible();
    await expect(site.paletteInput).toBeFocused();
    // Typing a slash into the palette's own field is text, not the shortcut.
    await page.keyboard.type('a/b');
    await expect(site.paletteInput).toHaveValue('a/b');
    await expect(site.palette).toBeVisible();
    // A click outside closes it too. Radix listens for outside pointer-downs
    // from a timer after the dialog mounts, so a click in the same instant as
    // the opening can land before anyone listens: click again until one counts.
    await expect(async () => {
      await page.mouse.click(5, page.viewportSize()!.height - 5);
      await expect(site.palette).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    // Any text field on a page (the sign-in and other forms have them) keeps its slashes.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Scratch field');
      document.querySelector('main')!.prepend(input);
    });
    await page.getByLabel('Scratch field').click();
    await page.keyboard.type('12/05/2024');
    await expect(page.getByLabel('Scratch field')).toHaveValue('12/05/2024');
    await expect(site.palette).toBeHidden();
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await expect(site.palette).toBeVisible();

    await site.paletteInput.fill('documentation');
    const options = site.palette.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(site.palette.locator('[aria-selected="true"]')).toHaveText('Documentation: Inventory');
    await page.keyboard.press('Enter');
    await expect(site.palette).toBeHidden();
    await expect(page).toHaveURL(/\/docs\/inventory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  });
});

test.describe('diagnostics and toasts', () => {
  test('/test shows each build, that every remote loaded and shares the shell’s React and QueryClient, and the API health; its toasts: at most five, coloured by kind, closable, left-aligned', async ({ page }) => {
    await page.goto('/test');
    await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
    await expect(page.getByTestId('shell-version')).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(page.getByTestId('api-health')).toContainText('ok (database up');
    for (const remote of ['marketing', 'inventory', 'billing', 'admin']) {
      await expect(page.getByTestId(`diagnostics-${remote}-react`)).toHaveText('yes');
      await expect(page.getByTestId(`diagnostics-${remote}-query-client`)).toHaveText('yes');
      await expect(page.getByTestId(`diagnostics-${remote}-version`)).toHaveText(/^\d+\.\d+\.\d+/);
    }

    const kinds = ['success', 'info', 'warning', 'error', 'success', 'info', 'warning'];
    for (const kind of kinds) await page.getByRole('button', { name: `Show ${kind}` }).click();
    const toaster = page.locator('[data-sonner-toaster]');
    const visible = toaster.locator('[data-sonner-toast][data-visible="true"]');
    await expect(visible).toHaveCount(5);
    const newest = toaster.locator('[data-sonner-toast]').first();
    await expect(newest).toHaveAttribute('data-type', 'warning');
    await expect(newest).toHaveAttribute('data-rich-colors', 'true');
    await expect(newest).toContainText('Test warning notification');
    expect(await newest.evaluate((element) => getComputedStyle(element).textAlign)).toBe('left');
    const errorToast = toaster.locator('[data-sonner-toast][data-type="error"]');
    const successToast = toaster.locator('[data-sonner-toast][data-type="success"]').first();
    expect(await errorToast.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      await successToast.evaluate((element) => getComputedStyle(element).backgroundColor),
    );
    await newest.hover();
    await newest.getByRole('button', { name: 'Close toast' }).click();
    await expect(toaster.locator('[data-sonner-toast]')).toHaveCount(6);
  });
});

test.describe('a signed-in visitor', () => {
  test('sees their account and a way into /x instead of Login; signed out (from the menu, or elsewhere) the public site offers Login again', async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const site = PublicSite.for(page, test.info());
    const owner = await registerOwner(page.request, { firstName: 'Hana', lastName: 'Harbour' });
    const frame = new XFrame(page);
    await frame.open('/x');
    // Arriving at the public site (a load: the header asks who is signed in once, at its start).
    await site.open('/');
    const open = site.header.getByRole('link', { name: 'Open the app as Hana Harbour' });
    await expect(open).toHaveAttribute('href', '/x');
    await expect(site.header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(site.header.getByTestId('public-account')).toHaveText('Hana Harbour');
    // The public palette offers their actions too (issue 24, rule 4), which open the app.
    await site.searchButton.click();
    await site.paletteInput.fill('new sale');
    await site.palette.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'New sale' }).click();
    await expect(page).toHaveURL(/\/x\/billing\/sale$/);
    await page.goBack();
    await expect(open).toBeVisible();
    await open.click();
    await expect(page).toHaveURL(/\/x$/);

    // Signed out from the menu: the public site offers Login again.
    await frame.signOut();
    await expect(page).toHaveURL(/\/user\/login$/);
    await page.getByRole('banner').getByRole('link', { name: 'Stockbook' }).click();
    await expect(site.content.getByRole('heading', { level: 1, name: 'Stockbook' })).toBeVisible();
    await expect(site.header.getByRole('link', { name: 'Login' })).toBeVisible();

    // Signed in again, then the session ends elsewhere: user/details answers 401, the hint is
    // forgotten (the next visit asks nothing) and Login stays.
    await site.header.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Username or e-mail').fill(owner.username);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await frame.waitUntilShown();
    const out = await page.request.post('/api/v1/user/logout', { data: {} });
    expect(out.status()).toBeLessThan(300);
    await site.open('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('stockbook-signed-in'))).toBeNull();
    await expect(site.header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(site.header.getByRole('link', { name: /Open the app/ })).toHaveCount(0);
  });
});

test.describe('documentation', () => {
  test('/docs lists every page, each renders from its markdown; links between pages stay in the app; the header stays at the top; getting started links registration, sign-in and reset', async ({ page }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const site = PublicSite.for(page, test.info());
    await site.open('/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const pages = ['Getting started', 'Inventory', 'Invoices', 'Transfers', 'Reports'];
    const nav = page.getByRole('navigation', { name: 'Documentation' });
    await expect(nav.getByRole('link')).toHaveText(['Overview', ...pages]);
    for (const title of pages) {
      await nav.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('.mk-doc h2').first()).toBeVisible();
    }

    await nav.getByRole('link', { name: 'Getting started' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
    const doc = page.locator('.mk-doc');
    await expect(doc.getByRole('link', { name: 'registration page' })).toHaveAttribute('href', '/user/registration');
    await expect(doc.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
    await expect(doc.getByRole('link', { name: 'ask for a password reset' })).toHaveAttribute('href', '/user/forgot/password');
    await expect(doc.locator('code', { hasText: /^\/(user|x)/ })).toHaveCount(0);
    // What registration asks, as the form asks it.
    for (const field of ['Business name', 'Currency', 'Valuation method', 'First location name', 'Username']) {
      await expect(doc.locator('strong', { hasText: field }).first()).toBeVisible();
    }

    // The header stays at the top while the page scrolls.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect((await site.header.boundingBox())?.y).toBe(0);

    // A link inside a page to another page: in the app, no page load.
    await page.locator('.mk-doc a[href="/docs/inventory"]').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await nav.getByRole('link', { name: 'Getting started' }).click();
    await doc.getByRole('link', { name: 'registration page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    for (const label of ['Business name', 'Currency', 'Valuation method', 'First location name', 'Username']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
  });
});
