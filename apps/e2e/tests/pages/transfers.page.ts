import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Item, Location, Transfer } from '@stockbook/contracts';
import { chooseOptions, selectNamed } from '../support/antd-select';
import { BillingScreens, openBillingScreen } from './billing.page';
import { addLocation, createdBy, listLocations, registerOwner } from '../support/session-accounts';

/**
 * The billing remote's Transfers screen: its table, the New transfer form and a transfer's drawer
 * (the dialog, drawer, confirmation and toasts are the billing screens' own).
 */
export class TransferScreens extends BillingScreens {
  readonly table: Locator;

  constructor(page: Page) {
    super(page);
    this.table = this.content.getByRole('table').first();
  }

  /** Opens the Transfers screen (inside the app once it is open). */
  async openTransfers(timeout = 30_000): Promise<void> {
    await openBillingScreen(this.page, 'transfers', timeout);
  }

  /** The table's rows of transfers of this item (or "Item (Variant)"). */
  rows(itemName: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: new RegExp(`^Open the transfer of ${escape(itemName)} of `) }) });
  }

  /** A row action (Complete, Cancel, Delete) of a transfer of this item, in the table or the drawer. */
  transferAction(label: 'Complete' | 'Cancel' | 'Delete', itemName: string, scope: Locator = this.table): Locator {
    return scope.getByRole('button', { name: `${label} transfer of ${itemName}`, exact: true });
  }

  async openForm(): Promise<void> {
    await this.content.getByRole('button', { name: 'New transfer', exact: true }).click();
    await this.dialogSettled();
  }

  /** Finds an item or variant by what is typed and picks the match whose text starts with `name ·`. */
  /** Finds and chooses an item on a line of the form (`label`: "Item", or "Item 2" once there are several). */
  async chooseItem(search: string, name: string, label = 'Item'): Promise<void> {
    const select = selectNamed(this.dialog, label);
    await select.click();
    await select.fill(search);
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${escape(name)} · `) }).first().click();
    await expect(this.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  }

  /** Fills in the New transfer form (the source only when given: it starts at the working location). */
  async fill(fields: { source?: string; search: string; item: string; destination: string; quantity: string; cost?: string; borneBy?: 'Source' | 'Destination' | 'Both (half each)' }): Promise<void> {
    if (fields.source) await chooseOptions(selectNamed(this.dialog, 'Source'), fields.source);
    await this.chooseItem(fields.search, fields.item);
    await chooseOptions(selectNamed(this.dialog, 'Destination'), fields.destination);
    await this.dialog.getByLabel('Quantity').fill(fields.quantity);
    if (fields.cost !== undefined) await this.dialog.getByLabel('Transfer cost').fill(fields.cost);
    if (fields.borneBy) await this.dialog.getByRole('radio', { name: fields.borneBy }).check();
  }

  async submit(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Create transfer' }).click();
  }

  /** The open form's message under a field. */
  fieldError(label: string): Locator {
    return this.dialog.locator('.ant-form-item').filter({ has: this.page.getByText(label, { exact: true }) }).locator('.ant-form-item-explain-error');
  }

  async openTransfer(itemName: string): Promise<void> {
    await this.rows(itemName).first().getByRole('link').click();
    await expect(this.drawer.getByTestId('transfer-details')).toBeVisible();
  }

  /** Makes `locationId` the owner's working location (the frame's header selector remembers it). */
  async workAt(userId: string, locationId: string): Promise<void> {
    await this.page.addInitScript(([user, location]) => localStorage.setItem(`stockbook-location:${user}`, location), [userId, locationId] as const);
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A shop for the transfer suites (pounds, FIFO) at High Street and Harbour Branch: a Claw Hammer
 * (10 at 4.00) and Green Tea (6 at 1.00), both at High Street.
 */
export async function transfersShop(request: APIRequestContext, valuation: 'FIFO' | 'SELECT' = 'FIFO') {
  const owner = await registerOwner(request, { inventoryValuationMethod: valuation });
  const [main] = (await listLocations(request)) as [Location];
  const branch = await addLocation(request, 'Harbour Branch');
  const post = createdBy(request);
  const hammer = (await post('user/inventory/add/simple/item', { itemName: 'Claw Hammer', price: '10', sku: 'HAM-01' })).item as Item;
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3' })).item as Item;
  await post('user/inventory/add/batch', { itemID: hammer._id, locationID: main._id, quantity: '10', cost: '4' });
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main._id, quantity: '6', cost: '1' });
  /** A pending transfer made through the API, from High Street to Harbour Branch. */
  const transfer = async (itemID: string, quantity: string, extra: Record<string, unknown> = {}) =>
    (await post('user/transfer', { itemID, sourceLocationID: main._id, destinationLocationID: branch._id, transferQuantity: quantity, ...extra })).transfer as Transfer;
  return { owner, main, branch, hammer, tea, post, transfer };
}
