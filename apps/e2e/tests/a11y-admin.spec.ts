import { expect, test, type Page } from '@playwright/test';
import { AdminScreens } from './pages/admin.page';
import { LoginPage } from './pages/user-pages.page';
import { XFrame } from './pages/x-frame.page';
import { AccessibilitySweep, DESKTOP } from './support/accessibility-sweep';
import { addStaff, registerBusiness } from './support/admin-accounts';
import { chooseOptions, selectNamed } from './support/antd-select';
import { waitForMail } from './support/outbox';
import { PASSWORD, uniqueName } from './support/session-accounts';

/**
 * One accessibility sweep of the admin remote and the signed-in user's pages: the sign-in pages
 * (signed out), the signed-in frame, and every admin screen and dialog state the suites check,
 * each judged in both themes at 1440 and at 390 px, inside one page.
 */
test('the sign-in pages, the signed-in frame and the admin screens and dialogs have no serious or critical accessibility violations, in both themes at 1440 and 390 px', async ({ page }) => {
  // About 20 states, each judged four times (two themes, two widths: 0.8 to 1.7 s an axe run),
  // and the shell, the frame and the admin remote loaded once each.
  // Under the shared load of five engineers' builds and browsers an axe run took 7 to 10 s.
  test.setTimeout(600_000);
  const request = page.context().request;
  const owner = await registerBusiness(request);
  const staff = await addStaff(request, 'Axe', 'Tester');
  // A message sent, for the Sent view with a row.
  const sent = await request.post('/api/v1/user/message', { data: { to: staff._id, subject: 'Opening hours', body: 'We open at eight tomorrow.' } });
  expect(sent.status(), await sent.text()).toBe(201);
  // An open invitation, for the users screen's invitations table and the invitation page.
  const invitedEmail = `${uniqueName('inv')}@example.com`;
  const invited = await request.post('/api/v1/user/admin/invitations', { data: { firstName: 'Ina', lastName: 'Vited', email: invitedEmail } });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitationLink = /\/user\/invitation\?token=[A-Za-z0-9_-]+/.exec((await waitForMail(invitedEmail)).text)![0];
  await page.setViewportSize(DESKTOP);
  const sweep = new AccessibilitySweep(page);
  const check = (state: string, within?: string) => sweep.checkAtWidths(state, within);

  // Signed in, an e-mailed link asks first (apps/shell/src/user/signed-in-notice.tsx).
  await page.goto(invitationLink);
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible();
  await check('/user/invitation while signed in');
  // Signed out again: the sign-in pages come first, then the owner signs in through the form.
  expect((await request.post('/api/v1/user/logout')).ok()).toBe(true);

  // The sign-in pages. A reset link is opened from an e-mail: a page load of its own, first.
  await page.goto('/user/reset-password?token=' + 'x'.repeat(43));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.locator('.sb-loading')).toHaveCount(0);
  await check('/user/reset-password');
  await page.goto(invitationLink);
  await expect(page.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await check('/user/invitation');
  const login = new LoginPage(page);
  await login.open();
  await expect(page.locator('.sb-loading')).toHaveCount(0);
  await check('/user/login');
  await login.submit.click();
  await expect(page.locator('#login_username_help')).toBeVisible();
  await check('/user/login showing its field errors');
  await page.getByRole('link', { name: 'Forgot your username?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgotten your details?' })).toBeVisible();
  await check('/user/forgot/username');
  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/user\/forgot\/password$/);
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  await check('/user/forgot/password');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await check('/user/registration');
  await page.getByRole('link', { name: 'Sign in' }).click();

  // Signed in: the frame on the dashboard.
  await login.signIn(owner.username, PASSWORD);
  const frame = new XFrame(page);
  await frame.waitUntilShown();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('location-selector')).toContainText('All locations');
  await check('the signed-in frame (dashboard)');

  // The users screen and its dialogs.
  const admin = new AdminScreens(page);
  await frame.sidebar.getByRole('link', { name: 'Admin' }).click();
  await expect(admin.heading('Users')).toBeVisible({ timeout: 25_000 });
  await expect(admin.userRow('Axe Tester')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invitations not yet accepted' }).getByRole('row').filter({ hasText: 'Ina Vited' })).toBeVisible();
  await admin.settled();
  await check('users');
  await admin.content.getByRole('button', { name: 'Add a staff user' }).click();
  const addUser = admin.dialog('Add a staff user');
  await dialogSettled(page);
  await check('users: the Add a staff user dialog', '.ant-modal');
  await addUser.getByRole('button', { name: 'Cancel' }).click();
  await expect(addUser).toBeHidden();
  await admin.content.getByRole('button', { name: 'Invite staff' }).click();
  const inviteStaff = admin.dialog('Invite staff');
  await dialogSettled(page);
  await check('users: the Invite staff dialog', '.ant-modal');
  await inviteStaff.getByRole('button', { name: 'Cancel' }).click();
  await expect(inviteStaff).toBeHidden();
  const editor = await admin.openPermissions('Axe Tester');
  await editor.getByRole('button', { name: 'Add an entry' }).click();
  await expect(editor.getByRole('group', { name: 'Entry 1' })).toBeVisible();
  await editor.getByRole('button', { name: 'Save permissions' }).click();
  await expect(editor.getByText('Choose at least one action.')).toBeVisible();
  await dialogSettled(page);
  await check('users: the permissions editor showing its errors', '.ant-modal');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // The business profile, then with the currency warning.
  await admin.adminNav.getByRole('link', { name: 'Business profile' }).click();
  await expect(admin.heading('Business profile')).toBeVisible();
  await expect(page.getByLabel('Business name')).toBeVisible();
  await admin.settled();
  await check('business profile');
  await chooseOptions(selectNamed(page, 'Currency'), 'Australian dollar (AUD)');
  await expect(page.getByTestId('currency-warning')).toContainText('Change the currency from GBP to AUD?');
  await check('business profile with the currency warning');

  for (const [link, heading] of [
    ['Locations', 'Locations'],
    ['Activity', 'Activity'],
  ] as const) {
    await frame.sidebar.getByRole('link', { name: link }).click();
    await expect(admin.heading(heading)).toBeVisible();
    await admin.settled();
    await check(heading.toLowerCase());
  }

  // The user menu's screens.
  await (await frame.userMenuItem('Messages')).click();
  await expect(admin.heading('Messages')).toBeVisible();
  await admin.settled();
  await check('messages');
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Sent' }).getByRole('row').filter({ hasText: 'Opening hours' })).toContainText('Not read yet');
  await check('messages: the Sent view with a message');
  await (await frame.userMenuItem('Profile')).click();
  await expect(admin.heading('Your profile')).toBeVisible();
  await admin.settled();
  await check('profile');

  sweep.expectClean();
});



/** The open modal's zoom-in has ended, so axe judges its colours, not a frame of the animation. */
async function dialogSettled(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal:visible').last();
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
}
