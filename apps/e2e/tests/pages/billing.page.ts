import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Invoice, Item } from '@stockbook/contracts';
import { chooseOptions, selectNamed } from '../support/antd-select';
import { createdBy, listLocations, registerOwner } from '../support/session-accounts';

export type BillingScreen = 'sale' | 'invoices' | 'customers' | 'transfers' | 'expenses' | 'transactions' | 'reports';

/** Each billing screen's tab (the remote's "Billing" navigation) and its heading. */
const BILLING_SCREENS: Record<BillingScreen, { tab: string; heading: string }> = {
  sale: { tab: 'New sale', heading: 'New sale' },
  invoices: { tab: 'Invoices', heading: 'Invoices' },
  customers: { tab: 'Customers', heading: 'Customers' },
  transfers: { tab: 'Transfers', heading: 'Transfers' },
  expenses: { tab: 'Expenses', heading: 'Expenses' },
  transactions: { tab: 'Transactions', heading: 'Transactions' },
  reports: { tab: 'Reports', heading: 'Profit and loss' },
};

/**
 * Opens a billing screen as a person does once the app is open: by the billing tabs when a
 * billing screen is on show, by the sidebar's Billing (then the tab) from elsewhere in the frame;
 * only a page that shows no frame yet is loaded cold (the first load of a test, slow on a busy
 * two-core machine: the frame, the remote and its antd).
 */
export async function openBillingScreen(page: Page, screen: BillingScreen, timeout = 30_000): Promise<void> {
  const { tab, heading } = BILLING_SCREENS[screen];
  const tabs = page.getByRole('navigation', { name: 'Billing', exact: true });
  const sidebar = page.getByRole('navigation', { name: 'Sections' });
  const path = page.url().startsWith('http') ? new URL(page.url()).pathname : '';
  if (path.startsWith('/x/billing') && (await tabs.isVisible())) {
    await tabs.getByRole('link', { name: tab, exact: true }).click();
  } else if (path.startsWith('/x') && (await sidebar.isVisible())) {
    await sidebar.getByRole('link', { name: 'Billing', exact: true }).click();
    await expect(tabs).toBeVisible({ timeout });
    await tabs.getByRole('link', { name: tab, exact: true }).click();
  } else {
    await page.goto(`/x/billing/${screen}`);
  }
  await expect(page).toHaveURL(new RegExp(`/x/billing/${screen}(/|\\?|$)`), { timeout });
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout });
}

/** The billing remote's screens (New sale, Invoices and an invoice's drawer, Customers), as a cashier uses them. */
export class BillingScreens {
  readonly content: Locator;
  readonly dialog: Locator;
  readonly drawer: Locator;
  readonly finder: Locator;
  readonly lines: Locator;
  readonly totals: Locator;

  constructor(readonly page: Page) {
    this.content = page.locator('[data-remote="billing"]');
    this.dialog = page.locator('.ant-modal:visible').last();
    this.drawer = page.locator('.ant-drawer-section');
    this.finder = page.getByLabel('Find an item');
    this.lines = page.getByRole('table', { name: 'Sale lines' });
    this.totals = page.getByRole('region', { name: 'Totals' });
  }

  /** Opens a billing screen: inside the app when it is already open (see openBillingScreen). */
  async open(screen: BillingScreen, timeout = 30_000): Promise<void> {
    await openBillingScreen(this.page, screen, timeout);
  }

  /** Types (or scans) into the item finder and presses Enter, as a barcode scanner does. */
  async scan(code: string): Promise<void> {
    await this.finder.fill(code);
    await this.finder.press('Enter');
  }

  /** Searches by name and adds the match named `name` with its Add button. */
  async addFound(search: string, name: string): Promise<void> {
    await this.finder.fill(search);
    await this.page.getByRole('list', { name: 'Items found' }).getByRole('button', { name: `Add ${name}`, exact: true }).click();
  }

  /** The sale's line of an item (by the item's name). */
  line(itemName: string): Locator {
    return this.lines.getByRole('row').filter({ has: this.page.getByText(itemName, { exact: true }) });
  }

  async setLine(itemName: string, fields: { quantity?: string; price?: string; discount?: string }): Promise<void> {
    if (fields.quantity !== undefined) await this.lines.getByLabel(`Quantity of ${itemName}`).fill(fields.quantity);
    if (fields.price !== undefined) await this.lines.getByLabel(`Price of ${itemName}`).fill(fields.price);
    if (fields.discount !== undefined) await this.lines.getByLabel(`Discount per unit of ${itemName}`).fill(fields.discount);
  }

  async chooseVariant(itemName: string, variantLabel: string | RegExp): Promise<void> {
    await chooseOptions(this.lines.getByRole('combobox', { name: `Variant of ${itemName}` }), variantLabel);
  }

  /** A total of the sale (Subtotal, Discount, a tax row such as "State 8.25%" or "Includes VAT 20%", Grand total, Paid, Outstanding). */
  total(label: 'Subtotal' | 'Discount' | 'Grand total' | 'Paid' | 'Outstanding' | 'Change due' | (string & {})): Locator {
    return this.totals.getByTestId(`total-${label.toLowerCase().replace(/ /g, '-')}`);
  }

  /** Adds a new customer from the sale form. */
  async newCustomer(fields: { firstName: string; lastName?: string; email?: string; contactNumber?: string; address?: string }): Promise<void> {
    await this.content.getByRole('button', { name: 'New customer' }).click();
    await this.dialogSettled();
    await this.dialog.getByLabel('First name').fill(fields.firstName);
    if (fields.lastName) await this.dialog.getByLabel('Last name').fill(fields.lastName);
    if (fields.email) await this.dialog.getByLabel('E-mail').fill(fields.email);
    if (fields.contactNumber) await this.dialog.getByLabel('Contact number').fill(fields.contactNumber);
    if (fields.address) await this.dialog.getByLabel('Address').fill(fields.address);
    await this.dialog.getByRole('button', { name: 'Add customer' }).click();
    await expect(this.page.locator('.ant-modal:visible')).toHaveCount(0);
  }

  /** The payment: method, amount paid (empty: in full) and, when not paid in full, a due date (dd/mm/yyyy). */
  async pay(fields: { method?: string; paid?: string; dueDate?: string }): Promise<void> {
    if (fields.method) await chooseOptions(selectNamed(this.content, 'Payment method'), fields.method);
    if (fields.paid !== undefined) await this.content.getByLabel('Amount paid').fill(fields.paid);
    if (fields.dueDate) {
      const due = this.content.getByLabel('Due date');
      await due.click();
      await due.fill(fields.dueDate);
      await due.press('Enter');
    }
  }

  /** Completes the sale; answers the new invoice's number (from the saved notice). */
  async complete(): Promise<number> {
    await this.content.getByRole('button', { name: 'Complete sale' }).click();
    const saved = this.content.locator('.ant-alert-success').getByText(/^Invoice #\d+ saved$/);
    await expect(saved).toBeVisible();
    return Number(/#(\d+)/.exec((await saved.innerText()) ?? '')![1]);
  }

  /** The invoice table's row of an invoice number. */
  invoiceRow(number: number): Locator {
    return this.content.getByRole('table').first().getByRole('row').filter({ has: this.page.getByRole('link', { name: `#${number}`, exact: true }) });
  }

  async openInvoice(number: number): Promise<void> {
    await this.content.getByRole('link', { name: `#${number}`, exact: true }).click();
    await expect(this.drawer.getByText(`Invoice #${number}`, { exact: true }).first()).toBeVisible();
    await expect(this.drawer.getByTestId('invoice-details')).toBeVisible();
  }

  /** A button of the open invoice's actions ("Add payment", "Refund", "Print receipt"...). */
  action(label: string, number: number): Locator {
    return this.drawer.getByRole('button', { name: `${label} invoice #${number}`, exact: true });
  }

  /** The state tags shown in the drawer. */
  drawerState(): Locator {
    return this.drawer.getByRole('row').filter({ hasText: 'State' }).first();
  }

  /** The drawer's total of this label. */
  drawerTotal(label: string): Locator {
    return this.drawer.getByTestId('invoice-totals').locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  /** The text lines of the receipt's print-only element. */
  async receiptLines(): Promise<string[]> {
    const text = await this.page.getByTestId('receipt-print').locator('pre').textContent();
    return (text ?? '').split('\n');
  }

  /** Replaces window.print so the print dialog never opens; counts the calls and keeps what was printed. */
  async stubPrint(): Promise<void> {
    await this.page.addInitScript(() => {
      const printed: string[] = [];
      Object.assign(window, { stockbookPrinted: printed });
      window.print = () => {
        printed.push(document.querySelector('[data-testid="receipt-print"] pre')?.textContent ?? '');
      };
    });
  }

  async printed(): Promise<string[]> {
    return this.page.evaluate(() => (window as Window & { stockbookPrinted?: string[] }).stockbookPrinted ?? []);
  }

  async dialogSettled(): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog).not.toHaveClass(/ant-zoom/);
  }

  /** Answers the open pop-up confirmation. */
  async confirm(button: string): Promise<void> {
    const popover = this.page.locator('.ant-popover:visible');
    await expect(popover).not.toHaveClass(/ant-zoom/);
    await popover.getByRole('button', { name: button, exact: true }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByText(text, { exact: typeof text === 'string' }).first();
  }
}

/** The public invoice page /i/:id, signed out. */
export class PublicInvoicePage {
  constructor(readonly page: Page) {}

  async open(link: string): Promise<void> {
    await this.page.goto(`/i/${link}`);
  }

  /** The item table's rows as their cells' texts. */
  async rows(): Promise<string[][]> {
    return this.page.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())));
  }

  async columns(): Promise<string[]> {
    return this.page.locator('table thead th').allInnerTexts();
  }

  /** The summary (label, value) pairs in order. */
  async summaryPairs(): Promise<[string, string][]> {
    return this.page.locator('dl[aria-label="Summary"] > div').evaluateAll((pairs) =>
      pairs.map((pair) => [(pair.querySelector('dt')?.textContent ?? '').trim(), (pair.querySelector('dd')?.textContent ?? '').trim()] as [string, string]),
    );
  }
}

/**
 * A shop for the sales suites (pounds, FIFO): a Cotton Tee in Small and Large (12.50 each, 5 of
 * each at 6.00) and a Claw Hammer (10.00, SKU HAM-01, barcode 5012345678900, 10 at 4.00), at
 * High Street.
 */
export async function salesShop(request: APIRequestContext, registration: Parameters<typeof registerOwner>[1] = {}) {
  const owner = await registerOwner(request, registration);
  const [main] = await listLocations(request);
  const post = createdBy(request);
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).attribute as { values: { _id: string }[] };
  const tee = (
    await post('user/inventory/variant/item', { itemName: 'Cotton Tee', variants: size.values.map((value) => ({ attributes: [value._id], price: '12.50' })) })
  ).item as Item;
  const hammer = (await post('user/inventory/add/simple/item', { itemName: 'Claw Hammer', price: '10', sku: 'HAM-01', barcode: '5012345678900' })).item as Item;
  for (const variant of tee.subItems) await post('user/inventory/add/batch', { itemID: variant._id, locationID: main!._id, quantity: '5', cost: '6' });
  await post('user/inventory/add/batch', { itemID: hammer._id, locationID: main!._id, quantity: '10', cost: '4' });
  /** A sale made through the API (paid in full in cash unless told). */
  const sell = async (items: { itemID: string; quantity: string; discount?: string }[], extra: Record<string, unknown> = {}) =>
    ((await post('user/invoice', { locationID: main!._id, items, paymentMethod: 'Cash', ...extra })).invoice as Invoice);
  return { owner, main: main!, tee, hammer, post, sell };
}

/** The same day as the sale, shown as the invoice table and public page show dates (en-GB). */
export const enGb = (iso: string) => new Intl.DateTimeFormat('en-GB').format(new Date(iso));
