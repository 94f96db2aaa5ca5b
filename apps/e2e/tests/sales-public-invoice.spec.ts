import { expect, test } from '@playwright/test';
import { PublicInvoicePage, enGb, salesShop } from './pages/billing.page';

// Issue 14 point 15: the public invoice page /i/:id, every text, state and formula of the
// specification's section 2 "Public invoice view"; signed out; a small page of its own (no antd,
// no remote, no session call); no credentials and no retry. The answer itself (and a revoked,
// unknown or malformed link's 404) is proved in apps/api/test/sales-invoices.e2e-spec.ts; the
// cancelled and settled states as a sale goes on in sales-flow.spec.ts; a revoked link on screen
// in sales-invoice-links.spec.ts; axe in a11y-billing.spec.ts.

test('an invoice on credit, as its customer sees it signed out on a cold load: every text of section 2, from a small page of its own (no federation, antd or session call, under 100 KiB of JavaScript)', async ({
  page,
  browser,
}) => {
  const shop = await salesShop(page.request);
  await page.request.patch('/api/v1/user/business', {
    data: { businessAddress: '1 High Street, Portsmouth', contactNumber: '+44 20 7946 0000', businessEmail: 'shop@harbour.example' },
  });
  const customer = (await shop.post('user/customer', { firstName: 'Mia', lastName: 'Reader', email: 'mia@example.com', contactNumber: '07700 900123', address: '2 Low Road, Leeds' }))
    .customer as { _id: string };
  const large = shop.tee.subItems.find((variant) => variant.variantName === 'Large')!;
  const invoice = await shop.sell(
    [
      { itemID: shop.hammer._id, quantity: '3', discount: '1.5' },
      { itemID: large._id, quantity: '2' },
    ],
    { customer: customer._id, paidAmount: '20', paymentDueDate: '2030-04-01T12:00:00.000Z', paymentMethod: 'Bank_Transfer' },
  );

  // A customer's phone: signed out, nothing cached.
  const context = await browser.newContext();
  const visitor = new PublicInvoicePage(await context.newPage());
  const requested: string[] = [];
  const scripts: { url: string; encoding: string; bytes: Promise<number> }[] = [];
  visitor.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  visitor.page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // The body's size as it came over the wire (compressed when the server compressed it).
    scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] ?? 'identity', bytes: response.request().sizes().then((sizes) => sizes.responseBodySize) });
  });
  await visitor.open(invoice.link!);
  const shown = visitor.page;
  await expect(shown.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();

  // Business header: phone, e-mail, and a maps search for the address.
  await expect(shown.getByText('Harbour Hardware', { exact: true })).toBeVisible();
  await expect(shown.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
  await expect(shown.getByRole('link', { name: 'shop@harbour.example' })).toHaveAttribute('href', 'mailto:shop@harbour.example');
  await expect(shown.getByRole('link', { name: '1 High Street, Portsmouth' })).toHaveAttribute('href', /maps\/search\/\?api=1&query=1%20High%20Street%2C%20Portsmouth$/);
  // The date in en-GB; Payment By; the due date line and Not Settled.
  await expect(shown.locator('time')).toHaveText(await shown.evaluate((iso) => new Intl.DateTimeFormat('en-GB').format(new Date(iso)), invoice.createdAt));
  await expect(shown.getByText('Payment By', { exact: true })).toBeVisible();
  await expect(shown.getByText('Bank Transfer', { exact: true })).toBeVisible();
  await expect(shown.getByText(`Due Date - ${enGb('2030-04-01T12:00:00.000Z')}`, { exact: true })).toBeVisible();
  await expect(shown.getByText('Not Settled', { exact: true })).toBeVisible();
  await expect(shown.getByText('Invoice Settled', { exact: true })).toHaveCount(0);
  // Invoice For: name, e-mail, phone, address.
  const invoiceFor = shown.getByRole('region', { name: 'Invoice For' });
  for (const text of ['Mia Reader', 'mia@example.com', '07700 900123', '2 Low Road, Leeds']) await expect(invoiceFor.getByText(text, { exact: true })).toBeVisible();
  // The items: the columns, 'Default' left out of a simple item, line total = price x quantity - quantity x discount.
  expect(await visitor.columns()).toEqual(['Item', 'Quantity', 'Price', 'Discount', 'Total']);
  expect(await visitor.rows()).toEqual([
    ['Claw Hammer', '3', '£10.00', '£1.50', '£25.50'],
    ['Cotton Tee (Large)', '2', '£12.50', '£0.00', '£25.00'],
  ]);
  // The summary: Grand Total = Subtotal - Total Discount; Outstanding Balance = Grand Total - paid.
  expect(await visitor.summaryPairs()).toEqual([
    ['Invoiced By', 'Hana Harbour'],
    ['Subtotal', '£55.00'],
    ['Total Quantity', '5'],
    ['Total Discount', '£4.50'],
    ['Grand Total', '£50.50'],
    ['Outstanding Balance', '£30.50'],
  ]);
  await expect(shown.getByText('This invoice has been cancelled and is no longer valid.')).toHaveCount(0);
  // The footer.
  await expect(shown.getByText('Thank you for your business.', { exact: true })).toBeVisible();
  await expect(shown.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  await expect(shown.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(shown.getByText('This is a computer-generated document and is valid without sign or seal.', { exact: true })).toBeVisible();

  // Everything the page asked for to show all that (its own call starts at mount, before the
  // invoice can show): no federation runtime, remote, antd chunk or session call.
  await visitor.page.waitForLoadState('load');
  expect(requested.filter((path) => /remoteEntry|hostInit|mf-entry-bootstrap|__mf|_virtual_mf|federation|\/remotes|antd/i.test(path))).toEqual([]);
  expect(requested.filter((path) => path.startsWith('/api/v1/') && !path.startsWith('/api/v1/public/invoice/'))).toEqual([]);
  expect(requested).not.toContain('/api/v1/user/details');
  // At most 100 KiB of JavaScript transferred (the API serves the build's .br/.gz).
  const sizes = await Promise.all(scripts.map(async (script) => ({ ...script, bytes: await script.bytes })));
  expect(sizes.length).toBeGreaterThan(0);
  const total = sizes.reduce((sum, script) => sum + script.bytes, 0);
  expect(total, sizes.map((script) => `${script.bytes} ${script.encoding} ${script.url}`).join('\n')).toBeLessThanOrEqual(100 * 1024);
  await context.close();
});

test('no id, loading, an invalid id and a server failure; fetched without credentials and without retry', async ({ page }) => {
  const shop = await salesShop(page.request);
  const invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '1' }]);
  const visitor = new PublicInvoicePage(page);
  // The page's own clock: any retry it could schedule is fired at once below (runFor), not waited for.
  await page.clock.install();
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/public/invoice/')) calls += 1;
  });
  /** Fires every timer of the next minute, then a request of the test's own: the browser has sent whatever it was going to send before that one. */
  const nothingMoreSent = async () => {
    await page.clock.runFor('01:00');
    await Promise.all([page.waitForRequest((request) => request.url().endsWith('/api/v1/health?after=timers')), page.evaluate(() => fetch('/api/v1/health?after=timers'))]);
  };

  await page.goto('/i');
  await expect(page.getByRole('heading', { name: 'No Id provided!' })).toBeVisible();
  await nothingMoreSent();
  expect(calls).toBe(0);

  // Loading: the spinner's words and the page title, while the answer is held back.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/public/invoice/**', async (route) => {
    await held;
    await route.continue();
  });
  const call = page.waitForRequest('**/api/v1/public/invoice/**');
  await visitor.open(invoice.link!);
  await expect(page.getByRole('status')).toContainText('Loading Invoice');
  await expect(page).toHaveTitle('Invoice Loading...');
  // The browser holds a session (the owner's), yet the call carries no cookie.
  expect((await call).headers()['cookie']).toBeUndefined();
  release();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();
  await expect(page.getByText('Invoice Settled', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Due Date - /)).toHaveCount(0);
  await page.unroute('**/api/v1/public/invoice/**');

  // An unknown id: one call (no retry, however long the page stays open) and the error.
  calls = 0;
  await visitor.open('not-a-real-link');
  await expect(page.getByRole('heading', { name: 'Error Occured!' })).toBeVisible();
  await expect(page.getByText('Invalid Invoice ID, please check and try again!', { exact: true })).toBeVisible();
  await nothingMoreSent();
  expect(calls).toBe(1);

  // A server failure is not retried either.
  calls = 0;
  await page.route('**/api/v1/public/invoice/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
  await visitor.open(invoice.link!);
  await expect(page.getByRole('heading', { name: 'Error Occured!' })).toBeVisible();
  await nothingMoreSent();
  expect(calls).toBe(1);
});
