import { expect, type Locator, type Page } from '@playwright/test';
import type { RegisterRequest } from '@stockbook/contracts';
import { chooseOptions } from '../support/antd-select';

/** The message antd shows under a form field (its help text). */
export function fieldError(page: Page, form: string, field: string): Locator {
  return page.locator(`#${form}_${field}_help`);
}

/** /user/login. */
export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign in' });
    this.username = page.getByLabel('Username or e-mail');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in' });
    this.alert = page.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/user/login');
    await expect(this.heading).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** /user/registration. */
export class RegistrationPage {
  readonly heading: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Create your account' });
    this.submit = page.getByRole('button', { name: 'Create account' });
  }

  async open(): Promise<void> {
    await this.page.goto('/user/registration');
    await expect(this.heading).toBeVisible();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  error(field: keyof RegisterRequest): Locator {
    return fieldError(this.page, 'registration', field);
  }

  async fill(values: Required<RegisterRequest>): Promise<void> {
    await this.field('Business name').fill(values.businessName);
    await chooseOptions(this.field('Currency'), new RegExp(`\\(${values.currency}\\)$`));
    await chooseOptions(this.field('Valuation method'), `${values.inventoryValuationMethod}: ${VALUATION_WORDS[values.inventoryValuationMethod]}`);
    await this.field('First location name').fill(values.locationName);
    await this.field('Address').fill(values.businessAddress);
    await this.field('Phone').fill(values.contactNumber);
    await this.field('Shop e-mail').fill(values.businessEmail);
    await this.field('First name').fill(values.firstName);
    await this.field('Last name').fill(values.lastName);
    await this.field('Username').fill(values.username);
    await this.field('E-mail').fill(values.email);
    await this.field('Password').fill(values.password);
  }
}

const VALUATION_WORDS = { FIFO: 'first in, first out', LIFO: 'last in, first out', AVCO: 'average cost', SELECT: 'pick the batch at each sale' };

/** /user/forgot/username and /user/forgot/password: one page with two tabs. */
export class ForgotPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Forgotten your details?' });
  }

  tab(name: 'Username' | 'Password'): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The form of a tab (its panel is named by the tab). */
  panel(name: 'Username' | 'Password'): Locator {
    return this.page.getByRole('tabpanel', { name });
  }

  /** Asks from the named tab's form, once that tab is the one on show (a click on a tab changes the
   * route first; until it has, the leaving tab's form is the one in the page). */
  async request(name: 'Username' | 'Password', email: string): Promise<void> {
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    await this.panel(name).getByLabel('E-mail').fill(email);
    await this.panel(name).getByRole('button', { name: name === 'Username' ? /E-mail my username$/ : /E-mail me a reset link$/ }).click();
  }
}

/** /user/reset-password?token=... */
export class ResetPasswordPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Choose a new password' });
  }

  async choose(password: string): Promise<void> {
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Repeat the new password').fill(password);
    await this.page.getByRole('button', { name: 'Set new password' }).click();
  }
}
