import { expect, test } from '@playwright/test';
import { ForgotPage, LoginPage, RegistrationPage, ResetPasswordPage } from './pages/user-pages.page';
import { XFrame } from './pages/x-frame.page';
import { hasMail, resetLinkIn, waitForMail } from './support/outbox';
import { newRegistration, PASSWORD, registerOwner, uniqueName } from './support/session-accounts';
import { navigateInApp } from './support/shell-navigate';

// The sign-in pages and the guard (issue 4, points 8 and 9), against the real API. The rules
// behind them are proven below the browser: the API's in apps/api/test/auth.e2e-spec.ts and
// account-recovery.e2e-spec.ts, the return after sign-in in apps/shell/src/session/redirect.spec.ts.

test.describe('registration', () => {
  test("checks each field by the contracts' rules, says when a username is taken, puts a taken e-mail from the server on its field; then a new business registers and lands in /x as its owner", async ({
    page,
    playwright,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const taken = await registerOwner(api);
    await api.dispose();

    const registration = new RegistrationPage(page);
    await registration.open();
    await registration.submit.click();
    await expect(registration.error('businessName')).toHaveText('Business name is required.');
    await expect(registration.error('currency')).toContainText('Choose the currency your shop sells in: US dollar (USD), British pound (GBP), Indian rupee (INR), Australian dollar (AUD), Malaysian ringgit (MYR), Sri Lankan rupee (LKR).');
    await expect(registration.error('password')).toHaveText('Password is required.');
    await registration.field('Password').fill('short');
    await expect(registration.error('password')).toHaveText('Password must be at least 8 characters.');

    await registration.field('Username').fill('no spaces allowed');
    await expect(registration.error('username')).toHaveText('Username may contain letters, digits, dots, dashes and underscores only.');
    await registration.field('E-mail').fill('not-an-address');
    await expect(registration.error('email')).toHaveText('Enter a valid e-mail address.');

    await registration.field('Username').fill(taken.username);
    await expect(registration.error('username')).toHaveText('This username is taken. Try another.');
    await registration.field('Username').fill(uniqueName('free'));
    await expect(registration.error('username')).toBeHidden();
    await expect(page).toHaveURL(/\/user\/registration$/);

    // A taken e-mail: the server's 409 comes back onto its field.
    // The shop's contact details (issue 24): what its invoices print, not the owner's own e-mail.
    const values = newRegistration({ currency: 'LKR', inventoryValuationMethod: 'AVCO', businessAddress: '12 Galle Road, Colombo 3', contactNumber: '+94 11 234 5678', businessEmail: 'hello@harbour.example.com' });
    await registration.fill({ ...values, email: taken.email });
    await expect(page.getByText('Every unit costs the average of what you paid for the stock on hand.')).toBeVisible();
    await expect(registration.error('username')).toBeHidden(); // free: no complaint after the check
    await registration.submit.click();
    await expect(registration.error('email')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/registration$/);

    await registration.field('E-mail').fill(values.email);
    await registration.submit.click();
    await expect(page).toHaveURL(/\/x$/);
    const frame = new XFrame(page);
    await frame.waitUntilShown();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The owner is a root user: every section.
    expect(await frame.sidebarLabels()).toEqual(['Dashboard', 'Inventory', 'Billing', 'Locations', 'Activity', 'Admin']);
    expect(await frame.locationOptions()).toEqual(['All locations', values.locationName]);

    const details = await page.request.get('/api/v1/user/details');
    expect(((await details.json()) as { user: { username: string } }).user.username).toBe(values.username);
    const business = ((await (await page.request.get('/api/v1/user/business')).json()) as { business: Record<string, string> }).business;
    expect(business).toMatchObject({ businessAddress: values.businessAddress, contactNumber: values.contactNumber, businessEmail: values.businessEmail });
  });
});

test.describe('signing in and out', () => {
  test('a signed-in visitor to the sign-in pages goes to /x; the owner signs out from the user menu, is refused with a wrong password (the form’s business only), and signs in by e-mail, a redirect to another site going to /x instead', async ({
    page,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const owner = await registerOwner(page.request);
    const frame = new XFrame(page);
    // Each is a visitor typing the address: a load.
    for (const path of ['/user/login', '/user/registration', '/user/forgot/password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/x$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    }
    await frame.waitUntilShown();
    await frame.signOut();

    const login = new LoginPage(page);
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(login.heading).toBeVisible();
    expect((await page.request.get('/api/v1/user/details')).status()).toBe(401);
    // Signed out: /x sends the visitor back to sign in.
    await navigateInApp(page, '/x');
    await expect(page).toHaveURL(/\/user\/login(\?|$)/);
    await expect(login.heading).toBeVisible();

    // A refused sign-in (401 with another code than a lost session) is only the form's business.
    await login.signIn(owner.username, 'not the password');
    await expect(login.alert).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    // A redirect to another site is refused: sign-in goes to /x instead. An e-mail works as well as the username.
    await navigateInApp(page, '/user/login?redirect=%2F%2Fexample.com%2Fx');
    await login.signIn(owner.email, owner.password);
    await expect(page).toHaveURL(/localhost:\d+\/x$/);
    await frame.waitUntilShown();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a signed-in visitor who opens an invitation link is asked, not sent on: signed out, the invitation shows and the new account joins, landing in /x as itself', async ({ page }) => {
    test.slow(); // several page loads and a sign-up on a busy two-core machine
    await registerOwner(page.request, { businessName: 'Corner Shop' });
    const email = `${uniqueName('joiner')}@example.com`;
    const invited = await page.request.post('/api/v1/user/admin/invitations', { data: { firstName: 'Ina', lastName: 'Vited', email } });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = /\/user\/invitation\?token=[A-Za-z0-9_-]+/.exec((await waitForMail(email)).text)![0];

    await page.goto(link);
    await expect(page).toHaveURL(/\/user\/invitation\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/x');
    // The sign-out held at the API's door: until it has answered, the notice stays, its button busy,
    // and the invitation does not show while the old session still holds.
    let answerLogout!: () => void;
    const logoutHeld = new Promise<void>((resolve) => (answerLogout = resolve));
    await page.route('**/api/v1/user/logout', async (route) => {
      await logoutHeld;
      await route.continue();
    });
    const signOut = page.getByRole('button', { name: 'Sign out and continue' });
    await signOut.click();
    await expect(signOut).toHaveClass(/ant-btn-loading/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible();
    answerLogout();
    await expect(page.getByRole('heading', { level: 1, name: 'Join Corner Shop' })).toBeVisible();
    expect((await page.request.get('/api/v1/user/details')).status()).toBe(401);

    const username = uniqueName('ina');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Join Corner Shop' }).click();
    await expect(page).toHaveURL(/\/x$/);
    const me = await page.request.get('/api/v1/user/details');
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe(username);
  });

  test('a visitor to /x/... signs in and comes back there; the redirect replaced history', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();

    await page.goto('/features');
    await navigateInApp(page, '/x/some-path?keep=1');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fx%2Fsome-path%3Fkeep%3D1$/);
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();

    // Replaced, not pushed: Back leaves the sign-in page for the page before /x/some-path.
    await page.goBack();
    await expect(page).toHaveURL(/\/features$/);
    await page.goForward();
    await login.signIn(owner.username, owner.password);
    await expect(page).toHaveURL(/\/x\/some-path\?keep=1$/);
    await expect(page.getByTestId('not-found')).toBeVisible(); // an unknown screen, inside the frame
    await new XFrame(page).waitUntilShown();
  });
});

test.describe('forgotten details', () => {
  test('one page, two tabs, the URL following the tab; the answer shown is the server’s, the same whether or not an address has an account, and no mail goes to an address without one', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();
    const forgot = new ForgotPage(page);
    await page.goto('/user/forgot/username');
    // A cold load of the sign-in pages (antd loads with the route): slow on a busy machine.
    await expect(forgot.heading).toBeVisible({ timeout: 25_000 });
    await expect(forgot.tab('Username')).toHaveAttribute('aria-selected', 'true');
    await forgot.tab('Password').click();
    await expect(page).toHaveURL(/\/user\/forgot\/password$/);
    await expect(forgot.tab('Password')).toHaveAttribute('aria-selected', 'true');
    await forgot.tab('Username').click();
    await expect(page).toHaveURL(/\/user\/forgot\/username$/);

    const answers: string[] = [];
    for (const email of [owner.email, `${uniqueName('nobody')}@example.com`]) {
      // A fresh form for each address (from the sign-in page's link): after an answer, the button's
      // name keeps antd's leaving "loading" icon for a while (see the report), and a visitor asks once.
      await page.getByRole('link', { name: /Back to sign in/ }).click();
      await page.getByRole('link', { name: 'Forgot your username?' }).click();
      await expect(forgot.tab('Username')).toHaveAttribute('aria-selected', 'true');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/request/username'));
      await forgot.request('Username', email);
      const body = (await (await answer).json()) as { message: string };
      await expect(forgot.panel('Username').getByText(body.message)).toBeVisible();
      answers.push(body.message);
    }
    expect(answers[0]).toBe(answers[1]);
    const mail = await waitForMail(owner.email);
    expect(mail.text).toContain(owner.username);

    // No password-reset mail goes to an address without an account.
    const nobody = `${uniqueName('nobody')}@example.com`;
    await forgot.tab('Password').click();
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/request/password-reset'));
    await forgot.request('Password', nobody);
    expect((await asked).status()).toBe(200);
    expect(await hasMail(nobody)).toBe(false);
  });

  test('a reset link that is wrong or missing says so and offers to ask again; a forgotten password is reset through the e-mailed link, which then works no more', async ({
    page,
    playwright,
  }) => {
    test.slow(); // one page through the steps of several former tests: over 30 s on a busy two-core machine
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();

    await page.goto('/user/reset-password');
    for (const path of ['/user/reset-password?token=' + 'x'.repeat(43), '/user/reset-password?token=short', '/user/reset-password']) {
      if (path !== '/user/reset-password') await navigateInApp(page, path);
      await expect(page.getByRole('heading', { level: 2, name: /This reset link is (invalid or has expired|incomplete)/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/user/forgot/password');
    }

    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/user\/forgot\/password$/);
    const forgot = new ForgotPage(page);
    await forgot.request('Password', owner.email);
    await expect(forgot.panel('Password').getByRole('alert')).toBeVisible();
    const link = resetLinkIn((await waitForMail(owner.email)).text);

    // The mailed link, opened: a load.
    const reset = new ResetPasswordPage(page);
    await page.goto(link);
    await expect(reset.heading).toBeVisible();
    await expect(page.getByTestId('reset-username')).toHaveText(owner.username);
    const newPassword = 'a brand new secret';
    await reset.choose(newPassword);
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

    // The link worked once: opened again (a load, as from the mail), it is refused.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This reset link is invalid or has expired' })).toBeVisible();

    const login = new LoginPage(page);
    await navigateInApp(page, '/user/login');
    await login.signIn(owner.username, newPassword);
    await expect(page).toHaveURL(/\/x$/);
  });
});
