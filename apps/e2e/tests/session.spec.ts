import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/user-pages.page';
import { XFrame } from './pages/x-frame.page';
import { addLocation, addStaff, listLocations, registerOwner, signedInContext } from './support/session-accounts';
import { navigateInApp } from './support/shell-navigate';

// The live session (issue 4, points 9 and 10; specification sections 4, 6 and 8). The rules are
// proven below the browser: the API's in apps/api/test/users-admin.e2e-spec.ts, auth.e2e-spec.ts
// and live-events.e2e-spec.ts; the shell's in apps/shell/src/session/*.spec.ts (error-policy,
// location-choice, session-ended-wording) and apps/shell/src/frame/frame-links.spec.ts. Here: that
// the open page shows them.

/** A toast of the shell's Toaster (sonner) with this title. */
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test.describe('a staff user with view:item at one location', () => {
  test('sees only Dashboard and Inventory and holds that one location; the palette offers only their screens; the other sections and their links show no-permission; a new permission shows at once; locked, they are signed out within 2 seconds', async ({
    browser,
    page,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const owner = await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const branch = await addLocation(page.request, 'Harbour Branch');
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [branch._id] }]);
    expect(owner.user.rootUser).toBe(true);

    const staffContext = await signedInContext(browser, staff.username);
    const staffPage = await staffContext.newPage();
    const frame = new XFrame(staffPage);
    await frame.open('/x');
    await frame.waitForLiveSession();

    await test.step('the sidebar and the location selector', async () => {
      expect(await frame.sidebarLabels()).toEqual(['Dashboard', 'Inventory']);
      const options = await frame.locationOptions();
      expect(options).toEqual(['Harbour Branch']);
      expect(options).not.toContain(main!.name);
      await expect(staffPage.getByTestId('location-selector')).toContainText('Harbour Branch');
    });

    await test.step('the palette offers only the screens they may open', async () => {
      // The header's button (focus is still in the location selector, whose text field keeps a '/').
      await staffPage.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      const palette = staffPage.getByRole('dialog', { name: 'Search and commands' });
      await expect(palette.getByRole('group', { name: 'Links' }).getByRole('option')).toHaveText(['Dashboard', 'Inventory', 'Messages', 'Your profile']);
      await staffPage.keyboard.press('Escape');
      await expect(palette).toBeHidden();
    });

    await test.step('the sections they may not open, and a link to an invoice, show the no-permission page', async () => {
      for (const path of ['/x/billing', '/x/admin/users', '/x/locations', '/x/activity']) {
        await navigateInApp(staffPage, path);
        await expect(staffPage.getByTestId('no-permission')).toBeVisible({ timeout: 25_000 });
      }
      await navigateInApp(staffPage, '/x/view-redirect?type=invoice&id=inv-1');
      await expect(staffPage).toHaveURL(/\/x\/no-permission$/);
      await expect(staffPage.getByTestId('no-permission')).toBeVisible();
    });

    await test.step('Inventory opens', async () => {
      await frame.sidebar.getByRole('link', { name: 'Inventory' }).click();
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible({ timeout: 25_000 });
      await expect(staffPage.getByTestId('no-permission')).toHaveCount(0);
    });

    await test.step('a new permission shows at once: the server tells the open page to reload the user', async () => {
      const granted = await page.request.post('/api/v1/user/admin/permissions', {
        data: { userId: staff._id, permissions: [{ action: ['view:item', 'view:invoice'], locations: [branch._id] }] },
      });
      expect(granted.status(), await granted.text()).toBeLessThan(300);
      await expect(frame.sidebar.getByRole('link', { name: 'Billing' })).toBeVisible();
      expect(await frame.sidebarLabels()).toEqual(['Dashboard', 'Inventory', 'Billing']);
    });

    await test.step('locked by the admin, they are signed out within 2 seconds, offered the home page and not a sign-in', async () => {
      const locked = await page.request.post('/api/v1/user/admin/lock', { data: { userId: staff._id, locked: true } });
      expect(locked.status(), await locked.text()).toBeLessThan(300);
      const dialog = frame.sessionDialog('Your account is locked');
      await expect(dialog).toBeVisible({ timeout: 2_000 });
      await expect(dialog).toContainText('An administrator has locked your account');
      await expect(frame.sidebar).toBeHidden();
      await expect(dialog.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
      await expect(dialog).not.toContainText(/sign in again/i);
      await dialog.getByRole('button', { name: 'Go to the home page' }).click();
      await expect(staffPage).toHaveURL(/\/$/);
    });
    await staffContext.close();
  });
});

test.describe('the session ends elsewhere', () => {
  test('signing in from a second browser shows the first the invalidated dialog; signing in again works', async ({ browser, page }) => {
    const owner = await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x/billing/sale');
    await frame.waitForLiveSession();

    const elsewhere = await signedInContext(browser, owner.username, owner.password);
    const dialog = frame.sessionDialog('Signed in elsewhere');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
    await expect(dialog).toContainText('signed in on another browser or device');
    await elsewhere.close();

    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    const login = new LoginPage(page);
    await login.signIn(owner.username, owner.password);
    await expect(page).toHaveURL(/\/x\/billing\/sale$/);
    await frame.waitUntilShown();
    await expect(dialog).toBeHidden();
  });

  test('a 401 on a data call shows the signed-out dialog', async ({ page }) => {
    await registerOwner(page.request);
    await page.route('**/api/v1/user/message', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Sign in to continue.', code: 'UNAUTHENTICATED' }) }),
    );
    await page.goto('/x');
    const dialog = new XFrame(page).sessionDialog('You have been signed out');
    // The call is made once the frame has loaded (cold: the frame page object's 25 s).
    await expect(dialog).toBeVisible({ timeout: 25_000 });
    await expect(dialog.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  });
});

test.describe('the error catalogue (section 8)', () => {
  test("a 500 shows 'An Error occured' with the server's message, a 429 'Too many requests' / 'Please try again later', and the frame carries on", async ({ page }) => {
    await registerOwner(page.request);
    await page.route('**/api/v1/user/location', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is resting.', code: 'INTERNAL' }) }),
    );
    await page.route('**/api/v1/user/message', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Slow down.', code: 'TOO_MANY_REQUESTS' }) }),
    );
    await page.goto('/x');
    // The calls are made once the frame has loaded (cold: the frame page object's 25 s).
    const failed = toast(page, 'An Error occured');
    await expect(failed).toBeVisible({ timeout: 25_000 });
    await expect(failed).toContainText('The database is resting.');
    const tooMany = toast(page, 'Too many requests');
    await expect(tooMany).toBeVisible();
    await expect(tooMany).toContainText('Please try again later');
    await new XFrame(page).waitUntilShown();
  });

  test("a network error on user/details shows 'Network Error' and leaves the visitor signed out", async ({ page }) => {
    await registerOwner(page.request);
    await page.route('**/api/v1/user/details', (route) => route.abort('internetdisconnected'));
    await page.goto('/x/inventory');
    const shown = toast(page, 'Network Error');
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('A network error occured, try again later.');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fx%2Finventory$/);
  });
});
