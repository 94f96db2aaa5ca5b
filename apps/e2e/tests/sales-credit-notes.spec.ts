import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Invoice } from '@stockbook/contracts';
import { BillingScreens, PublicInvoicePage, salesShop } from './pages/billing.page';

// Issue 22, rule 1: a refund is its own document, a credit note. Two Claw Hammers sold and paid in
// cash, one refunded through the drawer's Refund dialog: the drawer shows what was sold, what the
// credit note took back and the net; the credit note prints its own receipt; the customer's public
// page shows the invoice as sold, the credit note and the net total. The figures themselves are
// proved in libs/domain (planRefund) and the API's tests; the receipt's layout in
// apps/billing-mf/src/receipts/receipt.spec.ts; the public page's rows in
// apps/shell/src/public-invoice/public-invoice-view.spec.ts.

test.describe.configure({ timeout: 90_000 });

/** The texts of a table row's first `count` cells. */
async function cells(row: Locator, count: number): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).slice(0, count).map((text) => text.trim());
}

test('a refund through the drawer makes credit note #1: sold, refunded and net in the drawer, its own receipt, and the public page as sold with the credit note and the net total', async ({
  page,
  browser,
}) => {
  const shop = await salesShop(page.request);
  const sold: Invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '2' }]);
  const number = sold.invoiceNumber;
  const billing = new BillingScreens(page);
  await billing.stubPrint();
  await billing.open('invoices');
  await billing.openInvoice(number);
  await expect(billing.drawer.getByRole('table', { name: 'Credit notes' })).toContainText('No credit notes.');

  await billing.action('Refund', number).click();
  await billing.dialogSettled();
  await billing.dialog.getByLabel('Quantity of Claw Hammer to refund').fill('1');
  await billing.dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(billing.toast(`Credit note #1 saved for invoice #${number}`)).toBeVisible();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  await expect(billing.drawerState()).toContainText('Partly refunded');

  // The line: 2 sold, 1 refunded, 1 still sold (£10.00 of it).
  const line = billing.drawer.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: 'Claw Hammer' });
  await expect.poll(() => cells(line, 7)).toEqual(['Claw Hammer', '2', '1', '1', '£10.00', '£0.00', '£10.00']);
  // Totals: as sold, what the credit note took back, the net; paid and owed on the net.
  await expect(billing.drawerTotal('Sold')).toHaveText('£20.00');
  await expect(billing.drawerTotal('Refunded')).toHaveText('-£10.00');
  await expect(billing.drawerTotal('Net')).toHaveText('£10.00');
  await expect(billing.drawerTotal('Paid')).toHaveText('£10.00');
  await expect(billing.drawerTotal('Outstanding')).toHaveText('£0.00');
  // The credit note: the £10.00 it is worth paid back (the way the money came in).
  const note = billing.drawer.getByRole('table', { name: 'Credit notes' }).getByRole('row').filter({ hasText: 'Credit note #1' });
  await expect(note).toBeVisible();
  const noteCells = await cells(note, 6);
  expect([noteCells[0], noteCells[2], noteCells[3], noteCells[4]]).toEqual(['Credit note #1', 'Claw Hammer × 1', '£10.00', '£10.00']);

  // Its own receipt, at the printer's width.
  await note.getByRole('button', { name: 'Print credit note #1', exact: true }).click();
  await expect.poll(() => billing.printed()).toHaveLength(1);
  const receipt = (await billing.printed())[0]!.split('\n');
  for (const printed of receipt) expect(printed).toHaveLength(48);
  expect(receipt.some((printed) => printed.startsWith('Credit note #1 '))).toBe(true);
  expect(receipt).toContain(`For invoice #${number}`.padEnd(48));
  expect(receipt).toContain('Claw Hammer'.padEnd(48));
  expect(receipt.some((printed) => /^Value +£10\.00$/.test(printed))).toBe(true);
  expect(receipt.some((printed) => /^Paid back +£10\.00$/.test(printed))).toBe(true);

  // The customer's page, signed out: the line as sold, the credit note, the net total.
  const href = await billing.drawer.getByTestId('public-link').getAttribute('href');
  const visitors = await browser.newContext();
  const visitor = new PublicInvoicePage(await visitors.newPage());
  await visitor.open(href!.replace(/^\/i\//, ''));
  await expect(visitor.page.getByRole('heading', { level: 1, name: `Invoice #${number}` })).toBeVisible();
  expect(await visitor.rows()).toEqual([['Claw Hammer', '2', '£10.00', '£0.00', '£20.00']]);
  expect((await visitor.summaryPairs()).slice(1)).toEqual([
    ['Subtotal', '£20.00'],
    ['Total Quantity', '2'],
    ['Total Discount', '£0.00'],
    ['Grand Total', '£20.00'],
    ['Refunded', '-£10.00'],
    ['Net total', '£10.00'],
  ]);
  const creditNotes = visitor.page.getByRole('region', { name: 'Credit notes' });
  await expect(creditNotes.getByRole('listitem')).toHaveCount(1);
  await expect(creditNotes.getByRole('listitem')).toContainText('Credit note #1');
  await expect(creditNotes.getByRole('listitem')).toContainText('Claw Hammer × 1');
  await expect(creditNotes.getByRole('listitem')).toContainText('Paid back £10.00');
  await expect(visitor.page.getByText('Invoice Settled', { exact: true })).toBeVisible();
  await visitors.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the drawer of a refunded invoice: totals and the credit notes on screen, nothing to scroll sideways but the tables themselves', async ({ page }) => {
    const shop = await salesShop(page.request);
    const sold: Invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '2' }]);
    await shop.post('user/invoice/refund', { invoiceID: sold._id, items: [{ lineID: sold.items[0]!._id, quantity: '1' }] });
    const billing = new BillingScreens(page);
    await billing.open('invoices');
    await billing.openInvoice(sold.invoiceNumber);
    await expect(billing.drawerState()).toContainText('Partly refunded');
    await expect(billing.drawerTotal('Net')).toHaveText('£10.00');
    const table = billing.drawer.getByRole('table', { name: 'Credit notes' });
    const number = table.getByRole('cell', { name: 'Credit note #1', exact: true });
    await number.scrollIntoViewIfNeeded();
    await expect(number).toBeVisible();
    const box = (await number.boundingBox())!;
    expect([box.x >= 0, box.x + box.width <= 390]).toEqual([true, true]);
    await noSideScroll(page);
  });
});

/** Neither the page nor the drawer's body scrolls sideways on a phone (wide tables scroll inside themselves). */
async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const body = page.locator('.ant-drawer-body');
  expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}
