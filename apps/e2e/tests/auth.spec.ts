import { expect, test } from '@playwright/test';
import { ForgotPage, LoginPage, RegistrationPage, ResetPasswordPage } from './pages/user-pages.page';
import { XFrame } from './pages/x-frame.page';
import { hasMail, resetLinkIn, waitForMail } from './support/outbox';
import { newRegistration, PASSWORD, registerOwner, uniqueName } from './support/session-accounts';

// The sign-in pages and the guard (issue 4, points 8 and 9), against the real API.

test.describe('registration', () => {
  test('a new business registers through the form and lands in /x as its owner', async ({ page }) => {
    const registration = new RegistrationPage(page);
    const values = newRegistration({ currency: 'LKR', inventoryValuationMethod: 'AVCO' });
    await registration.open();
    await registration.fill(values);
    await expect(registration.error('username')).toBeHidden(); // free: no complaint after the check
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
  });

  test("checks each field by the contracts' rules and says when a username is taken", async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const taken = await registerOwner(api);
    await api.dispose();

    const registration = new RegistrationPage(page);
    await registration.open();
    await registration.submit.click();
    await expect(registration.error('businessName')).toHaveText('Business name is required.');
    await expect(registration.error('currency')).toContainText('Currency must be one of USD, GBP, INR, AUD, MYR, LKR.');
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
  });

  test("a taken e-mail comes back from the server onto its field", async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const taken = await registerOwner(api);
    await api.dispose();

    const registration = new RegistrationPage(page);
    await registration.open();
    await registration.fill(newRegistration({ email: taken.email }));
    await registration.submit.click();
    await expect(registration.error('email')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/registration$/);
  });
});

test.describe('signing in and out', () => {
  test('the owner signs out from the user menu and signs in again with the form', async ({ page }) => {
    const owner = await registerOwner(page.request);
    const frame = new XFrame(page);
    await frame.open('/x');
    await frame.signOut();

    const login = new LoginPage(page);
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(login.heading).toBeVisible();
    expect((await page.request.get('/api/v1/user/details')).status()).toBe(401);
    // Signed out: /x sends the visitor back to sign in.
    await page.goto('/x');
    await expect(login.heading).toBeVisible();

    await login.signIn(owner.username, 'not the password');
    await expect(login.alert).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login/);

    await login.signIn(owner.email, owner.password); // an e-mail works as well as the username
    await expect(page).toHaveURL(/\/x$/);
    await frame.waitUntilShown();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a visitor to /x/... signs in and comes back there; the redirect replaced history', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();

    await page.goto('/features');
    await page.goto('/x/some-path?keep=1');
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

  test('a signed-in visitor to the sign-in pages goes to /x', async ({ page }) => {
    await registerOwner(page.request);
    for (const path of ['/user/login', '/user/registration', '/user/forgot/password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/x$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    }
  });

  test('a redirect to another site is refused: sign-in goes to /x instead', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();
    await page.goto('/user/login?redirect=%2F%2Fexample.com%2Fx');
    await new LoginPage(page).signIn(owner.username, owner.password);
    await expect(page).toHaveURL(/localhost:\d+\/x$/);
  });
});

test.describe('forgotten details', () => {
  test('one page, two tabs; the URL follows the tab', async ({ page }) => {
    const forgot = new ForgotPage(page);
    await page.goto('/user/forgot/username');
    await expect(forgot.heading).toBeVisible();
    await expect(forgot.tab('Username')).toHaveAttribute('aria-selected', 'true');
    await forgot.tab('Password').click();
    await expect(page).toHaveURL(/\/user\/forgot\/password$/);
    await expect(forgot.tab('Password')).toHaveAttribute('aria-selected', 'true');
    await forgot.tab('Username').click();
    await expect(page).toHaveURL(/\/user\/forgot\/username$/);
  });

  test('the answer is the same whether or not an address has an account', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();
    const forgot = new ForgotPage(page);
    const answers: string[] = [];
    for (const email of [owner.email, `${uniqueName('nobody')}@example.com`]) {
      await page.goto('/user/forgot/username');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/request/username'));
      await forgot.request(email);
      const body = (await (await answer).json()) as { message: string };
      await expect(forgot.panel.getByText(body.message)).toBeVisible();
      answers.push(body.message);
    }
    expect(answers[0]).toBe(answers[1]);
    const mail = await waitForMail(owner.email);
    expect(mail.text).toContain(owner.username);
  });

  test('a forgotten password is reset through the e-mailed link; the old one stops working', async ({ page, playwright }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await registerOwner(api);
    await api.dispose();

    const forgot = new ForgotPage(page);
    await page.goto('/user/forgot/password');
    await forgot.request(owner.email);
    await expect(forgot.panel.getByRole('alert')).toBeVisible();
    const link = resetLinkIn((await waitForMail(owner.email)).text);

    const reset = new ResetPasswordPage(page);
    await page.goto(link);
    await expect(reset.heading).toBeVisible();
    await expect(page.getByTestId('reset-username')).toHaveText(owner.username);
    const newPassword = 'a brand new secret';
    await reset.choose(newPassword);
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This reset link is invalid or has expired' })).toBeVisible();

    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/user\/forgot\/password$/);

    const login = new LoginPage(page);
    await login.open();
    await login.signIn(owner.username, PASSWORD);
    await expect(login.alert).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login$/);
    await login.signIn(owner.username, newPassword);
    await expect(page).toHaveURL(/\/x$/);
  });

  test('a reset link that is wrong or missing says so and offers to ask again', async ({ page }) => {
    for (const path of ['/user/reset-password?token=' + 'x'.repeat(43), '/user/reset-password?token=short', '/user/reset-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: /This reset link is (invalid or has expired|incomplete)/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/user/forgot/password');
    }
  });

  test('no mail goes to an address without an account', async ({ page }) => {
    const nobody = `${uniqueName('nobody')}@example.com`;
    await page.goto('/user/forgot/password');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/request/password-reset'));
    await new ForgotPage(page).request(nobody);
    expect((await answer).status()).toBe(200);
    expect(await hasMail(nobody)).toBe(false);
  });
});
