import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOptions, selectNamed } from '../support/antd-select';

export interface StaffDetails {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export interface PermissionEntryChoice {
  /** Action labels as the editor shows them, e.g. "View items". */
  actions: string[];
  /** Location names, or 'all' for the "All locations" switch. */
  locations: string[] | 'all';
}

/** The admin remote's screens as an administrator or staff member uses them. */
export class AdminScreens {
  readonly content: Locator;
  readonly adminNav: Locator;
  readonly usersTable: Locator;

  constructor(readonly page: Page) {
    this.content = page.locator('[data-remote="admin"]');
    this.adminNav = page.getByRole('navigation', { name: 'Admin' });
    // The users table comes first; open invitations have a table of their own below it.
    this.usersTable = this.content.getByRole('table').first();
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  /**
   * Waits for a screen's first render after a page load. The first render fetches and runs the
   * remote with its own antd (~1.4 MB: the shell does not share its copy), which on this shared
   * two-core machine has taken over 10 s; after that, every check keeps the usual time-out.
   */
  private async firstRender(name: string): Promise<void> {
    await expect(this.heading(name)).toBeVisible({ timeout: 25_000 });
  }

  /** A toast the shell shows. */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** Reloads the page and waits for the screen called `heading` again. */
  async reload(heading: string): Promise<void> {
    await this.page.reload();
    await this.firstRender(heading);
  }

  async openUsers(): Promise<void> {
    await this.page.goto('/x/admin');
    await this.firstRender('Users');
    await expect(this.usersTable).toBeVisible();
  }

  async openBusiness(): Promise<void> {
    await this.page.goto('/x/admin/business');
    await this.firstRender('Business profile');
    await expect(this.page.getByLabel('Business name')).toBeVisible();
  }

  async open(path: '/x/locations' | '/x/activity' | '/x/messages' | '/x/profile', heading: string): Promise<void> {
    await this.page.goto(path);
    await this.firstRender(heading);
  }

  /** Waits until nothing on the screen is loading any more. */
  async settled(): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    await expect(this.page.locator('.ant-spin-spinning')).toHaveCount(0);
  }

  userRow(text: string): Locator {
    return this.usersTable.getByRole('row').filter({ hasText: text });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /**
   * The dialog called `name` once opened, not opening: a click while antd's zoom runs can be lost
   * or land beside the button it aimed at (seen: Save changes clicked mid-zoom and the rate dialog
   * stayed open; Save permissions clicked mid-zoom and no entry was judged).
   */
  async opened(name: string): Promise<Locator> {
    const dialog = this.dialog(name);
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
    return dialog;
  }

  async createStaff(staff: StaffDetails): Promise<void> {
    await this.content.getByRole('button', { name: 'Add a staff user' }).click();
    const dialog = await this.opened('Add a staff user');
    await dialog.getByLabel('First name').fill(staff.firstName);
    await dialog.getByLabel('Last name').fill(staff.lastName);
    await dialog.getByLabel('Username').fill(staff.username);
    await dialog.getByLabel('E-mail').fill(staff.email);
    await dialog.getByLabel('Password', { exact: true }).fill(staff.password);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Opens the edit dialog of the user called `fullName`. */
  async openEdit(fullName: string): Promise<Locator> {
    await this.usersTable.getByRole('button', { name: `Edit ${fullName}`, exact: true }).click();
    return this.opened(`Edit ${fullName}`);
  }

  /**
   * Locks through the row's confirmation. A live reload of the table (the invalidate of the
   * write before) can re-render it under the click: ask and answer again until the question is gone.
   */
  async lock(fullName: string): Promise<void> {
    const question = this.page.getByText(`Lock ${fullName}?`);
    const unlock = this.usersTable.getByRole('button', { name: `Unlock ${fullName}`, exact: true });
    await expect(async () => {
      // An earlier round's answer went through after its wait ran out: the user is locked.
      if (await unlock.isVisible()) return;
      if (!(await question.isVisible())) await this.usersTable.getByRole('button', { name: `Lock ${fullName}`, exact: true }).click({ timeout: 2_000 });
      await this.page.getByRole('button', { name: 'Lock', exact: true }).click({ timeout: 2_000 });
      await expect(question).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  async unlock(fullName: string): Promise<void> {
    await this.usersTable.getByRole('button', { name: `Unlock ${fullName}`, exact: true }).click();
  }

  async openPermissions(fullName: string): Promise<Locator> {
    await this.usersTable.getByRole('button', { name: `Permissions of ${fullName}`, exact: true }).click();
    return this.opened(`Permissions of ${fullName}`);
  }

  async setPermissions(fullName: string, entries: PermissionEntryChoice[]): Promise<void> {
    const dialog = await this.openPermissions(fullName);
    for (const [index, entry] of entries.entries()) {
      await dialog.getByRole('button', { name: 'Add an entry' }).click();
      const group = dialog.getByRole('group', { name: `Entry ${index + 1}` });
      await chooseOptions(selectNamed(group, 'Actions'), entry.actions);
      if (entry.locations === 'all') {
        await group.getByRole('switch', { name: 'All locations' }).click();
      } else {
        await chooseOptions(selectNamed(group, 'Locations'), entry.locations);
      }
    }
    await dialog.getByRole('button', { name: 'Save permissions' }).click();
    await expect(dialog).toBeHidden();
  }

  /** The business profile's Tax section: the tax style and the rates. */
  get taxSection(): Locator {
    return this.page.getByRole('region', { name: 'Tax', exact: true });
  }

  get taxRatesTable(): Locator {
    return this.taxSection.getByRole('table');
  }

  /** The row of the rate called exactly `name`. */
  taxRateRow(name: string): Locator {
    return this.taxRatesTable.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** A tax style's radio, by the start of its label ("Prices include tax (VAT style)"). */
  taxStyle(label: string): Locator {
    return this.taxSection.getByRole('radio', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  /** Chooses a tax style and saves it; waits for the shell's toast. */
  async saveTaxStyle(label: string, toast: string): Promise<void> {
    await this.taxStyle(label).check();
    await this.taxSection.getByRole('button', { name: 'Save tax style' }).click();
    await expect(this.toast(toast)).toBeVisible();
  }

  /** Opens the rate dialog: Add, or Edit of the rate called `name`. */
  async openTaxRateDialog(name?: string): Promise<Locator> {
    if (name) await this.taxRatesTable.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    else await this.taxSection.getByRole('button', { name: 'Add a tax rate' }).click();
    return this.opened(name ? `Edit ${name}` : 'Add a tax rate');
  }

  /** Fills the rate dialog's fields given and submits it (it stays open when refused). */
  async submitTaxRate(dialog: Locator, values: { name?: string; rate?: string }): Promise<void> {
    if (values.name !== undefined) await dialog.getByLabel('Name').fill(values.name);
    if (values.rate !== undefined) await dialog.getByLabel('Rate (%)').fill(values.rate);
    await dialog.getByRole('button', { name: /^(Add rate|Save changes)$/ }).click();
  }

  /** Adds a rate through its dialog; waits until it is saved and listed. */
  async addTaxRate(name: string, rate: string): Promise<void> {
    const dialog = await this.openTaxRateDialog();
    await this.submitTaxRate(dialog, { name, rate });
    await expect(dialog).toBeHidden();
    await expect(this.taxRateRow(name)).toBeVisible();
  }

  /** Asks to delete the rate called `name` and answers Delete to the question. */
  async deleteTaxRate(name: string): Promise<void> {
    await this.taxRatesTable.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const question = this.page.getByText(`Delete ${name}?`, { exact: true });
    await expect(question).toBeVisible();
    await this.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(question).toBeHidden();
  }

  /** The message above the rates when a delete was refused. */
  get taxRateRefusal(): Locator {
    return this.taxSection.getByRole('alert');
  }

  /** On the locations screen: opens the edit dialog of the location called `name`. */
  async openLocationEdit(name: string): Promise<Locator> {
    await this.content.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    return this.opened(`Edit ${name}`);
  }

  /** On the locations screen: sets the default tax rate of the location called `name` ("No tax", "VAT (20%)"). */
  async setLocationTaxRate(name: string, option: string): Promise<void> {
    const dialog = await this.openLocationEdit(name);
    await chooseOptions(selectNamed(dialog, 'Default tax rate'), option);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
  }

  /** The value of the unread line on the messages screen. */
  unreadLine(): Locator {
    return this.page.getByTestId('unread-count');
  }
}
