import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/user-pages.page';
import { XFrame } from './pages/x-frame.page';
import { addLocation, addStaff, listLocations, registerOwner, signedInContext } from './support/session-accounts';

// The live session (issue 4, points 9 and 10; specification sections 4, 6 and 8).

/** A toast of the shell's Toaster (sonner) with this title. */
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test.describe('a staff user with view:item at one location', () => {
  test('sees only Dashboard and Inventory in the sidebar, and only that location in the selector', async ({ browser, page }) => {
    test.slow(); // a second browser context and two cold screens on a two-core machine
    const owner = await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const branch = await addLocation(page.request, 'Harbour Branch');
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [branch._id] }]);
    expect(owner.user.rootUser).toBe(true);

    const staffContext = await signedInContext(browser, staff.username);
    const staffPage = await staffContext.newPage();
    const frame = new XFrame(staffPage);
    await frame.open('/x');
    expect(await frame.sidebarLabels()).toEqual(['Dashboard', 'Inventory']);
    const options = await frame.locationOptions();
    expect(options).toEqual(['Harbour Branch']);
    expect(options).not.toContain(main!.name);
    await staffPage.goto('/x/inventory');
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible({ timeout: 25_000 });
    await expect(staffPage.getByTestId('no-permission')).toHaveCount(0);
    await staffContext.close();
  });

  test('gets the no-permission page for the sections it may not open', async ({ browser, page }) => {
    test.slow(); // four cold loads of the frame in a second browser context
    await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [main!._id] }]);
    const staffContext = await signedInContext(browser, staff.username);
    const staffPage = await staffContext.newPage();
    for (const path of ['/x/billing', '/x/admin/users', '/x/locations', '/x/activity']) {
      await staffPage.goto(path);
      // A cold load of the frame: the frame page object's 25 s.
      await expect(staffPage.getByTestId('no-permission')).toBeVisible({ timeout: 25_000 });
    }
    await staffContext.close();
  });

  test('sees a new permission at once: the server tells the open page to reload the user', async ({ browser, page }) => {
    await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [main!._id] }]);
    const staffContext = await signedInContext(browser, staff.username);
    const frame = new XFrame(await staffContext.newPage());
    await frame.open('/x');
    await frame.waitForLiveSession();
    expect(await frame.sidebarLabels()).toEqual(['Dashboard', 'Inventory']);

    const granted = await page.request.post('/api/v1/user/admin/permissions', {
      data: { userId: staff._id, permissions: [{ action: ['view:item', 'view:invoice'], locations: [main!._id] }] },
    });
    expect(granted.status(), await granted.text()).toBeLessThan(300);
    await expect(frame.sidebar.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
    expect(await frame.sidebarLabels()).toEqual(['Dashboard', 'Inventory', 'Billing']);
    await staffContext.close();
  });

  test('is signed out within 2 seconds when the admin locks them', async ({ browser, page }) => {
    await registerOwner(page.request);
    const [main] = await listLocations(page.request);
    const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [main!._id] }]);
    const staffContext = await signedInContext(browser, staff.username);
    const staffPage = await staffContext.newPage();
    const frame = new XFrame(staffPage);
    await frame.open('/x/inventory');
    await frame.waitForLiveSession();

    const locked = await page.request.post('/api/v1/user/admin/lock', { data: { userId: staff._id, locked: true } });
    expect(locked.status(), await locked.text()).toBeLessThan(300);
    const dialog = frame.sessionDialog('Your account is locked');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
    await expect(dialog).toContainText('An administrator has locked your account');
    await expect(frame.sidebar).toBeHidden();

    // No invitation to a sign-in that would be refused: the way out is the home page.
    await expect(dialog.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
    await expect(dialog).not.toContainText(/sign in again/i);
    await dialog.getByRole('button', { name: 'Go to the home page' }).click();
    await expect(staffPage).toHaveURL(/\/$/);
    // And indeed a locked user is refused at the sign-in page.
    await staffPage.goto('/user/login');
    const login = new LoginPage(staffPage);
    await login.signIn(staff.username, staff.password);
    await expect(login.alert).toBeVisible();
    await staffContext.close();
  });
});

test.describe('the session ends elsewhere', () => {
  test('signing in from a second browser shows the first the invalidated dialog; signing in again works', async ({ browser, page }) => {
    const owner = await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x/billing');
    await frame.waitForLiveSession();

    const elsewhere = await signedInContext(browser, owner.username, owner.password);
    const dialog = frame.sessionDialog('Signed in elsewhere');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
    await expect(dialog).toContainText('signed in on another browser or device');
    await elsewhere.close();

    await dialog.getByRole('button', { name: 'Sign in again' }).click();
    const login = new LoginPage(page);
    await login.signIn(owner.username, owner.password);
    await expect(page).toHaveURL(/\/x\/billing$/);
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

  test('a refused sign-in (401 with another code) is only the form’s business', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(owner.username, 'wrong password');
    await expect(login.alert).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });
});

test.describe('the error catalogue (section 8)', () => {
  test("a 500 shows 'An Error occured' with the server's message", async ({ page }) => {
    await registerOwner(page.request);
    await page.route('**/api/v1/user/location', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is resting.', code: 'INTERNAL' }) }),
    );
    await page.goto('/x');
    const shown = toast(page, 'An Error occured');
    await expect(shown).toBeVisible({ timeout: 25_000 });
    await expect(shown).toContainText('The database is resting.');
    await new XFrame(page).waitUntilShown(); // the frame carries on
  });

  test("a 429 shows 'Too many requests' / 'Please try again later'", async ({ page }) => {
    await registerOwner(page.request);
    await page.route('**/api/v1/user/message', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'Slow down.', code: 'TOO_MANY_REQUESTS' }) }),
    );
    await page.goto('/x');
    const shown = toast(page, 'Too many requests');
    // The call is made once the frame has loaded (cold: the frame page object's 25 s).
    await expect(shown).toBeVisible({ timeout: 25_000 });
    await expect(shown).toContainText('Please try again later');
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
