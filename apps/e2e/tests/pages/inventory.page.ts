import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOptions, selectNamed } from '../support/antd-select';

/** The inventory remote's items screen, its drawer and forms, as a person uses them. */
export class InventoryScreens {
  readonly content: Locator;
  readonly table: Locator;
  readonly drawer: Locator;
  readonly dialog: Locator;
  /** The frame header's location selector: the app's working location. */
  readonly headerLocation: Locator;
  /** The items screen's location filter (the same choice, on the screen), and what it shows. */
  readonly locationFilter: Locator;
  readonly locationFilterShown: Locator;
  readonly headerLocationShown: Locator;

  constructor(readonly page: Page) {
    this.content = page.locator('[data-remote="inventory"]');
    this.table = this.content.getByRole('table').first();
    this.drawer = page.locator('.ant-drawer-section');
    // The open form (antd modal); the drawer is a dialog too, but never a modal.
    this.dialog = page.locator('.ant-modal:visible').last();
    this.headerLocationShown = page.getByTestId('location-selector');
    this.headerLocation = this.headerLocationShown.getByRole('combobox');
    this.locationFilterShown = this.content.getByTestId('location-filter');
    this.locationFilter = this.locationFilterShown.getByRole('combobox');
  }

  /** The table's cell of `row` under the column headed `column`. */
  async cell(row: Locator, column: string): Promise<Locator> {
    // The headers are read once, so wait for the table to be drawn (the frame can show first).
    await expect(this.table.locator('thead th').first()).toBeVisible({ timeout: 25_000 });
    const headers = (await this.table.locator('thead th').allInnerTexts()).map((text) => text.trim());
    const index = headers.indexOf(column);
    if (index < 0) throw new Error(`No column ${column} in ${headers.join(', ')}`);
    return row.locator('td').nth(index);
  }

  /** The item form's fields of a new simple item, filled in and saved; `tax` is the Tax option to choose. */
  async addSimpleItem(fields: { name: string; price: string; sku?: string; barcode?: string; unit?: string; tax?: string }): Promise<void> {
    await this.dialog.getByLabel('Item name').fill(fields.name);
    if (fields.sku) await this.dialog.getByLabel('SKU', { exact: true }).fill(fields.sku);
    if (fields.barcode) await this.dialog.getByLabel('Barcode', { exact: true }).fill(fields.barcode);
    if (fields.unit) await this.dialog.getByLabel('Unit', { exact: true }).fill(fields.unit);
    await this.dialog.getByLabel('Price', { exact: true }).fill(fields.price);
    if (fields.tax) await this.choose('Tax', [fields.tax]);
    await this.dialog.getByRole('button', { name: 'Add item' }).click();
    await expect(this.toast(`${fields.name} added`)).toBeVisible();
  }

  /** The first render loads the remote and its antd: slow on a busy two-core machine (see AdminScreens). */
  async open(path = '/x/inventory', timeout = 25_000): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Inventory', exact: true })).toBeVisible({ timeout });
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

  /** What the drawer's summary says beside `label` (Kind, SKU, Tax, ...). */
  summary(label: string): Locator {
    return this.drawer
      .locator('.ant-descriptions-row')
      .filter({ has: this.page.locator('.ant-descriptions-item-label').getByText(label, { exact: true }) })
      .locator('.ant-descriptions-item-content');
  }

  /** What a select of the open form shows chosen (its label as a person reads it). */
  chosen(label: string): Locator {
    return this.dialog.locator('.ant-form-item').filter({ has: selectNamed(this.page, label) }).locator('.ant-select-content');
  }

  /** The error said under a field of the open form, by the field's label. */
  fieldError(label: string): Locator {
    return this.dialog
      .locator('.ant-form-item')
      .filter({ has: this.page.locator('.ant-form-item-label').getByText(label, { exact: true }) })
      .locator('.ant-form-item-explain-error');
  }

  /** A table's row inside the drawer's section (Stock by location, Variants, Batches). */
  drawerRow(section: string, text: string): Locator {
    return this.drawer.getByRole('region', { name: section }).getByRole('row').filter({ hasText: text });
  }

  /** Waits for the open form's zoom-in to end, so axe judges its colours, not a frame of the animation. */
  /**
   * Chooses "Item with variants" in the open item form, by its label as a person does, until it is
   * chosen: under a full run's load a click as the dialog opened was once lost.
   */
  async chooseItemWithVariants(): Promise<void> {
    await expect(async () => {
      await this.dialog.getByText('Item with variants', { exact: true }).click({ timeout: 5_000 });
      await expect(this.dialog.getByRole('radio', { name: 'Item with variants' })).toBeChecked({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

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
    const modal = this.page.locator('.ant-modal-confirm:visible');
    // Its zoom-in must end first (a click during it was lost once: the dialog stayed open).
    await expect(modal).not.toHaveClass(/ant-zoom/);
    await modal.getByRole('button', { name: button, exact: true }).click();
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}

/** The Import CSV dialog of the items screen: a file chosen, its preview, the choice for rows already present, the report. */
export class ImportDialog {
  readonly dialog: Locator;
  readonly table: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.locator('.ant-modal:visible').filter({ hasText: 'Import items from CSV' });
    this.table = this.dialog.getByRole('table');
    this.status = this.dialog.getByRole('status');
  }

  /** Downloads what the items screen shows with Export CSV; the file's text. */
  static async exportCsv(inventory: InventoryScreens): Promise<string> {
    const download = inventory.page.waitForEvent('download');
    await inventory.content.getByRole('button', { name: 'Export CSV' }).click();
    const stream = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Opens the dialog from the items screen and chooses a file; waits for the preview. */
  async open(inventory: InventoryScreens, csv: string, name = 'inventory.csv'): Promise<void> {
    await inventory.content.getByRole('button', { name: 'Import CSV' }).click();
    await this.choose(csv, name);
  }

  async choose(csv: string, name = 'inventory.csv'): Promise<void> {
    // The dialog now opens at once (its code loaded): wait out antd's opening animation, during
    // which a click on the upload button opened no file chooser once in a full run.
    await expect(this.dialog).toBeVisible();
    await this.page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-appear-active, .ant-zoom-enter-active'));
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: /Choose (a|another) CSV file|Choose another file/ }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await this.previewShown();
  }

  async previewShown(): Promise<void> {
    await expect(this.status).toContainText('Preview of');
    await expect(this.dialog.getByRole('button', { name: 'Confirm import' })).toBeEnabled();
  }

  /** The table's body rows (the preview's or the report's). */
  rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }

  /** What each line will do (or did), as the tags say, in line order. */
  async outcomes(): Promise<string[]> {
    return this.rows().locator('.ant-tag').allInnerTexts();
  }

  /** Chooses what rows already present do, and waits for the preview to be run again. */
  async existing(choice: 'Skip (default)' | 'Add again'): Promise<void> {
    await this.dialog.getByRole('radiogroup', { name: 'Rows already present:' }).getByText(choice, { exact: true }).click();
    await expect(this.dialog.getByRole('radio', { name: choice })).toBeChecked();
    await this.previewShown();
  }

  /** Confirms the import and waits for its report. */
  async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Confirm import' }).click();
    await expect(this.dialog.getByRole('table', { name: 'Import report' })).toBeVisible({ timeout: 20_000 });
  }

  async done(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Done' }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}

