import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Invoice } from '@stockbook/contracts';
import { BillingScreens, PublicInvoicePage, salesShop } from './pages/billing.page';

// Issue 21, rule 2: tax as a shop sees it at the counter, on the receipt and on the customer's
// page: a sales-tax business (tax added to prices, the location's default rate) and a VAT business
// (prices include it, the item's own rate). The arithmetic (per line, rounded once), the breakdown,
// refunds and the reports are proved in libs/domain/src/sales/tax.spec.ts and
// apps/api/test/tax.e2e-spec.ts; the receipt's layout in apps/billing-mf/src/receipts/receipt.spec.ts.

test.describe.configure({ timeout: 90_000 });

async function created<T>(request: APIRequestContext, method: 'post' | 'patch', path: string, data: unknown): Promise<T> {
  const response = await request[method](`/api/v1/${path}`, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function lastInvoice(request: APIRequestContext): Promise<Invoice> {
  const { invoices } = (await (await request.get('/api/v1/user/invoice/dated')).json()) as { invoices: Invoice[] };
  return invoices[0]!;
}

test('a sales-tax business: the location’s rate added to the total at the counter, printed before TOTAL on the receipt and shown on the public page', async ({ page, browser }) => {
  const shop = await salesShop(page.request, { currency: 'USD' });
  const { taxRate } = await created<{ taxRate: { _id: string } }>(page.request, 'post', 'user/tax-rate', { name: 'State', rate: '8.25' });
  await created(page.request, 'patch', `user/location/${shop.main._id}`, { taxRateID: taxRate._id });

  const billing = new BillingScreens(page);
  await billing.stubPrint();
  await billing.open('sale');
  await page.keyboard.type('2*5012345678900\n');
  await expect(billing.line('Claw Hammer')).toBeVisible();
  // 2 x $10.00 = $20.00; 8.25% of it is $1.65, added.
  await expect(billing.total('Subtotal')).toHaveText('$20.00');
  await expect(billing.total('State 8.25%')).toHaveText('$1.65');
  await expect(billing.total('Grand total')).toHaveText('$21.65');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('sale-announcement')).toHaveText(/^Invoice #\d+ saved$/);
  const invoice = await lastInvoice(page.request);
  expect([invoice.totalTax, invoice.grandTotal, invoice.paidAmount]).toEqual(['1.6500', '21.6500', '21.6500']);

  await billing.content.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => billing.printed()).toHaveLength(1);
  const receipt = (await billing.printed())[0]!.split('\n');
  const total = receipt.findIndex((line) => /^TOTAL +\$21\.65$/.test(line));
  expect(receipt[total - 1]).toMatch(/^State 8\.25% +\$1\.65$/);

  const visitor = new PublicInvoicePage(await (await browser.newContext()).newPage());
  await visitor.open(invoice.link!);
  await expect(visitor.page.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();
  expect((await visitor.summaryPairs()).slice(3)).toEqual([
    ['Total Discount', '$0.00'],
    ['State 8.25%', '$1.65'],
    ['Grand Total', '$21.65'],
  ]);
  await visitor.page.context().close();
});

test('a VAT business: prices include the item’s own rate; the total stays the price, the VAT in it is shown after the total on the sale, the receipt, the invoice and the public page', async ({ page, browser }) => {
  const shop = await salesShop(page.request);
  await created(page.request, 'patch', 'user/business', { pricesIncludeTax: true });
  const { taxRate } = await created<{ taxRate: { _id: string } }>(page.request, 'post', 'user/tax-rate', { name: 'VAT', rate: '20' });
  await created(page.request, 'patch', 'user/inventory/update', { _id: shop.hammer._id, taxRateID: taxRate._id });

  const billing = new BillingScreens(page);
  await billing.stubPrint();
  await billing.open('sale');
  await page.keyboard.type('3*HAM-01\n');
  await expect(billing.line('Claw Hammer')).toBeVisible();
  // £30.00 holds £5.00 of VAT (30 x 20 / 120).
  await expect(billing.total('Grand total')).toHaveText('£30.00');
  await expect(billing.total('Includes VAT 20%')).toHaveText('£5.00');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('sale-announcement')).toHaveText(/^Invoice #\d+ saved$/);
  const invoice = await lastInvoice(page.request);
  expect([invoice.pricesIncludeTax, invoice.totalTax, invoice.grandTotal]).toEqual([true, '5.0000', '30.0000']);

  await billing.content.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => billing.printed()).toHaveLength(1);
  const receipt = (await billing.printed())[0]!.split('\n');
  const total = receipt.findIndex((line) => /^TOTAL +£30\.00$/.test(line));
  expect(receipt[total + 1]).toMatch(/^Includes VAT 20% +£5\.00$/);

  await billing.open('invoices');
  await billing.openInvoice(invoice.invoiceNumber);
  await expect(page.getByTestId('invoice-totals-includes-vat-20%')).toHaveText('£5.00');

  const visitor = new PublicInvoicePage(await (await browser.newContext()).newPage());
  await visitor.open(invoice.link!);
  await expect(visitor.page.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();
  expect((await visitor.summaryPairs()).slice(4)).toEqual([
    ['Grand Total', '£30.00'],
    ['Includes VAT 20%', '£5.00'],
  ]);
  await visitor.page.context().close();
});
