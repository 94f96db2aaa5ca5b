import { expect, test } from '@playwright/test';
import { BillingScreens, PublicInvoicePage, salesShop } from './pages/billing.page';

// Issue 14 point 13: the invoice drawer's public link actions (Copy public link, Revoke link, New
// public link) and the invoices table's search and pages, as a shop uses them.

test.describe.configure({ timeout: 150_000 });

test('the public link is copied, revoked (the old link stops opening) and made anew (the new one opens)', async ({ page, browser }) => {
  const shop = await salesShop(page.request);
  const invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '1' }]);
  const oldLink = invoice.link!;
  const billing = new BillingScreens(page);
  await billing.open('invoices');
  await billing.openInvoice(invoice.invoiceNumber);

  // Copied to the clipboard, or shown to copy by hand where the browser refuses: the link either way.
  await billing.action('Copy public link', invoice.invoiceNumber).click();
  await expect(page.getByText(/^(Public link copied|Copy this public link)$/).first()).toBeVisible();
  await expect(page.getByText(`/i/${oldLink}`).first()).toBeVisible();

  await billing.action('Revoke link', invoice.invoiceNumber).click();
  await billing.confirm('Revoke');
  await expect(billing.toast('Public link revoked')).toBeVisible();
  await expect(billing.drawer.getByText('No link (revoked)')).toBeVisible();
  await expect(billing.action('Copy public link', invoice.invoiceNumber)).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = new PublicInvoicePage(await visitorContext.newPage());
  await visitor.open(oldLink);
  await expect(visitor.page.getByRole('heading', { name: 'Error Occured!' })).toBeVisible();
  await expect(visitor.page.getByText('Invalid Invoice ID, please check and try again!')).toBeVisible();

  await billing.action('New public link', invoice.invoiceNumber).click();
  await expect(billing.toast('New public link made')).toBeVisible();
  const href = await billing.drawer.getByTestId('public-link').getAttribute('href');
  const newLink = href!.replace(/^\/i\//, '');
  expect(newLink).not.toBe(oldLink);
  expect(newLink.length).toBeGreaterThanOrEqual(22); // at least 128 bits, base64url
  await visitor.open(newLink);
  await expect(visitor.page.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();
  await visitor.open(oldLink);
  await expect(visitor.page.getByRole('heading', { name: 'Error Occured!' })).toBeVisible();
  await visitorContext.close();
});

test("the invoices table finds an invoice by its customer's name, e-mail or number, and shows the day's invoices in pages of 20", async ({ page }) => {
  const shop = await salesShop(page.request);
  const mia = (await shop.post('user/customer', { firstName: 'Mia', lastName: 'Reader', email: 'mia@example.com' })).customer as { _id: string };
  const invoices = [];
  for (let index = 0; index < 21; index += 1) invoices.push(await shop.sell([{ itemID: shop.hammer._id, quantity: '0.25' }]));
  const hers = await shop.sell([{ itemID: shop.hammer._id, quantity: '1' }], { customer: mia._id });
  const billing = new BillingScreens(page);
  await billing.open('invoices');

  // 22 today: the newest 20 on the first page, the rest on the second.
  const numbers = billing.content.getByRole('table').first().getByRole('link', { name: /^#\d+$/ });
  await expect(numbers).toHaveCount(20);
  await expect(billing.invoiceRow(hers.invoiceNumber)).toBeVisible();
  await billing.content.locator('.ant-pagination-item-2').click();
  await expect(numbers).toHaveCount(2);
  await expect(billing.invoiceRow(invoices[0]!.invoiceNumber)).toBeVisible();

  const search = billing.content.getByRole('searchbox', { name: 'Search invoices' });
  for (const term of ['Reader', 'mia@example.com', String(hers.invoiceNumber)]) {
    await search.fill(term);
    await expect(numbers).toHaveText([`#${hers.invoiceNumber}`]);
    await expect(billing.invoiceRow(hers.invoiceNumber)).toContainText('Mia Reader');
  }
  await search.fill('Nobody Here');
  await expect(billing.content.getByText('No invoices match.')).toBeVisible();
});
