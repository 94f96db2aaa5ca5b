import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOptions, selectNamed } from '../support/antd-select';

/** The inventory remote's items screen, its drawer and forms, as a person uses them. */
export class InventoryScreens {
  readonly content: Locator;
  readonly table: Locator;
  readonly drawer: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.content = page.locator('[data-remote="inventory"]');
    this.table = this.content.getByRole('table').first();
    this.drawer = page.locator('.ant-drawer-section');
    // The open form (antd modal); the drawer is a dialog too, but never a modal.
    this.dialog = page.locator('.ant-modal:visible').last();
  }

  /** The first render loads the remote and its antd: slow on a busy two-core machine (see AdminScreens). */
  async open(path = '/x/inventory'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Inventory', exact: true })).toBeVisible({ timeout: 25_000 });
  }

  /** The table row of an item (or variant) by its name. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async openItem(name: string): Promise<void> {
    await this.table.getByRole('link', { name, exact: true }).click();
    await expect(this.drawer.getByText(name, { exact: true }).first()).toBeVisible();
  }

  /** Chooses options in the antd select labelled `label` (in the open form unless told otherwise). */
  async choose(label: string, options: string[], scope: Locator = this.dialog): Promise<void> {
    await chooseOptions(selectNamed(scope, label), options);
  }

  /** A table's row inside the drawer's section (Stock by location, Variants, Batches). */
  drawerRow(section: string, text: string): Locator {
    return this.drawer.getByRole('region', { name: section }).getByRole('row').filter({ hasText: text });
  }

  /** Waits for the open form's zoom-in to end, so axe judges its colours, not a frame of the animation. */
  async dialogSettled(): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog).not.toHaveClass(/ant-zoom/);
  }

  /** Answers the open pop-up confirmation (earlier ones stay in the page, hidden). */
  async confirm(button = 'Delete'): Promise<void> {
    const popover = this.page.locator('.ant-popover:visible');
    // Its zoom-in must end first (a click during it is lost).
    await expect(popover).not.toHaveClass(/ant-zoom/);
    await popover.getByRole('button', { name: button, exact: true }).click();
  }

  /** Answers the open confirmation dialog. */
  async confirmDialog(button = 'Delete'): Promise<void> {
    await this.page.locator('.ant-modal-confirm:visible').getByRole('button', { name: button, exact: true }).click();
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
