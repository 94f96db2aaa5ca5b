import { expect, test, type Page } from '@playwright/test';
import type { Invoice } from '@stockbook/contracts';
import { salesShop } from './pages/billing.page';
import { CustomerScreens } from './pages/customers.page';

// Issue 22, rule 8 (Customers and exports), as the screens wire it up: a customer with two invoices
// seeded through the API (two Claw Hammers paid in cash, one of them refunded: credit note #1; a
// Cotton Tee of 12.50 with 5.00 paid), their page opened from Billing > Customers: the figures, the
// invoices and credit notes, the statement on screen, printed and as CSV; and the transactions CSV
// of the same day. The statement's figures are proved against PostgreSQL in the API's tests; the
// rows of every CSV in the billing remote's *-csv.spec.ts.

test.describe.configure({ timeout: 90_000 });

/** A customer, Mia Reader, and her two invoices (all today; the business's time zone is UTC). */
async function miaShop(page: Page) {
  const shop = await salesShop(page.request);
  const mia = (await shop.post('user/customer', { firstName: 'Mia', lastName: 'Reader', email: 'mia@example.com', contactNumber: '07700 900123' })).customer as { _id: string };
  // #1: 2 x 10.00 paid in cash; one taken back (credit note #1: 10.00, paid back).
  const hammers: Invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '2' }], { customer: mia._id });
  await shop.post('user/invoice/refund', { invoiceID: hammers._id, items: [{ lineID: hammers.items[0]!._id, quantity: '1' }] });
  // #2: a Small Cotton Tee, 12.50, 5.00 paid by card, 7.50 owed.
  await shop.sell([{ itemID: shop.tee.subItems[0]!._id, quantity: '1' }], { customer: mia._id, paymentMethod: 'Card', paidAmount: '5', paymentDueDate: '2030-04-01T12:00:00.000Z' });
  return { ...shop, mia };
}

/** Today in the business's calendar (UTC here), as the CSV files write days. */
const today = () => new Date().toISOString().slice(0, 10);
/** Today as the screens write it (en-GB for pounds). */
const shownToday = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' }).format(new Date());

test('a customer’s page: total bought and owed, invoices, credit notes, the statement on screen, printed and as CSV; and the day’s transactions as CSV', async ({ page }) => {
  const { mia } = await miaShop(page);
  const customers = new CustomerScreens(page);
  await customers.stubStatementPrint();
  await customers.open('customers');
  await customers.openCustomer('Mia Reader');
  await expect(page).toHaveURL(new RegExp(`/x/billing/customers/${mia._id}$`));

  // Bought: 20.00 - 10.00 refunded + 12.50 = 22.50; owed: 7.50 on #2.
  await expect(customers.figure('Total bought')).toHaveText('£22.50');
  await expect(customers.figure('Outstanding credit')).toHaveText('£7.50');
  await expect(customers.figure('Last purchase')).toHaveText(shownToday());
  await expect(customers.drawer).toContainText('mia@example.com');

  expect(await customers.rows('Invoices')).toEqual([
    ['#2', shownToday(), '£12.50', '£12.50', '£7.50', 'Not Settled'],
    ['#1', shownToday(), '£20.00', '£10.00', '£0.00', 'Settled Partly refunded'],
  ]);
  expect(await customers.rows('Credit notes')).toEqual([['Credit note #1', '#1', shownToday(), '£10.00', '£10.00']]);

  // The statement of the last 3 months: nothing before, each sale, payment, credit note and money paid back today.
  await expect(customers.statement.getByTestId('statement-opening')).toHaveText(/^Opening balance on \d\d\/\d\d\/\d{4}: £0\.00$/);
  expect(await customers.rows('Statement')).toEqual([
    [shownToday(), 'Invoice #1', '+£20.00', '£20.00'],
    [shownToday(), 'Payment on #1 (Cash)', '-£20.00', '£0.00'],
    [shownToday(), 'Credit note #1 on #1', '-£10.00', '-£10.00'],
    [shownToday(), 'Paid back on #1', '+£10.00', '£0.00'],
    [shownToday(), 'Invoice #2', '+£12.50', '£12.50'],
    [shownToday(), 'Payment on #2 (Card)', '-£5.00', '£7.50'],
  ]);
  await expect(customers.statement.getByTestId('statement-closing')).toHaveText(`Closing balance on ${shownToday()}: £7.50`);

  // Print statement: the print-only sheet, the print dialog stubbed.
  await customers.statement.getByRole('button', { name: 'Print statement' }).click();
  await expect.poll(() => customers.printed()).toHaveLength(1);
  const printed = (await customers.printed())[0]!;
  for (const text of ['Statement', 'Mia Reader', 'Harbour Hardware', 'Opening balance£0.00', 'Payment on #2 (Card)', 'Closing balance£7.50']) expect(printed).toContain(text);

  const statement = await customers.download(customers.statement.getByRole('button', { name: 'Download CSV' }));
  expect(statement.name).toMatch(new RegExp(`^statement-mia-reader-\\d{4}-\\d\\d-\\d\\d-to-${today()}\\.csv$`));
  const day = today();
  expect(statement.lines.slice(0, 3)).toEqual(['Statement', 'Customer,Mia Reader', 'E-mail,mia@example.com']);
  expect(statement.lines).toContain('Opening balance,0.00');
  expect(statement.lines).toContain('Currency,GBP');
  const table = statement.lines.indexOf('Date,What,Amount,Balance');
  expect(statement.lines.slice(table + 1).filter(Boolean)).toEqual([
    `${day},Invoice #1,20.00,20.00`,
    `${day},Payment on #1 (Cash),-20.00,0.00`,
    `${day},Credit note #1 on #1,-10.00,-10.00`,
    `${day},Paid back on #1,10.00,0.00`,
    `${day},Invoice #2,12.50,12.50`,
    `${day},Payment on #2 (Card),-5.00,7.50`,
    'Closing balance,,,7.50',
  ]);

  // An invoice's number opens its drawer on the invoices screen.
  await customers.drawer.getByRole('table', { name: 'Invoices', exact: true }).getByRole('link', { name: '#2', exact: true }).click();
  await expect(page).toHaveURL(/\/x\/billing\/invoices\/[0-9a-f-]+$/);
  await expect(customers.drawer.getByTestId('invoice-details')).toBeVisible();
  await expect(customers.drawer.getByText('Invoice #2', { exact: true }).first()).toBeVisible();
  await customers.drawer.getByRole('button', { name: 'Close' }).click();
  await expect(customers.drawer).toHaveCount(0);

  // The day's transactions, as the ledger shows them (today, all locations), as CSV: oldest first.
  await customers.open('transactions');
  await expect(customers.content.getByRole('table', { name: 'Transactions' }).locator('tbody tr.ant-table-row')).toHaveCount(3);
  const transactions = await customers.download(customers.content.getByRole('button', { name: 'Download CSV', exact: true }));
  expect(transactions.name).toBe(`transactions-${day}-to-${day}.csv`);
  const header = transactions.lines[0]!.split(',');
  expect(header).toEqual(expect.arrayContaining(['Date (UTC)', 'Location', 'Type', 'What', 'Method', 'Amount', 'Description']));
  const what = transactions.lines.slice(1).filter(Boolean).map((line) => line.split(',').slice(1));
  // With one location the ledger and the file carry the balance after each.
  const withBalance = header.includes('Balance after');
  expect(what).toEqual(
    [
      ['High Street', 'Sale', 'Invoice #1', 'Cash', '20.00', '20.00', ''],
      ['High Street', 'Refund', 'Invoice #1', 'Cash', '-10.00', '10.00', ''],
      ['High Street', 'Sale', 'Invoice #2', 'Card', '5.00', '15.00', ''],
    ].map((row) => (withBalance ? row : [...row.slice(0, 5), row[6]!])),
  );
  expect(transactions.lines[1]).toMatch(new RegExp(`^${day} \\d\\d:\\d\\d,`));

  // Their print view: the same rows, as a print-only table.
  await customers.content.getByRole('button', { name: 'Print', exact: true }).click();
  await expect.poll(() => customers.printed()).toHaveLength(2);
  const sheet = (await customers.printed())[1]!;
  for (const text of ['Transactions · Harbour Hardware', `${day} to ${day}, all locations`, 'Invoice #2', '-10.00']) expect(sheet).toContain(text);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a customer’s page shows the statement without the page scrolling sideways', async ({ page }) => {
    await miaShop(page);
    const customers = new CustomerScreens(page);
    await customers.open('customers');
    await customers.openCustomer('Mia Reader');
    await expect(customers.figure('Outstanding credit')).toHaveText('£7.50');
    const closing = customers.statement.getByTestId('statement-closing');
    await closing.scrollIntoViewIfNeeded();
    await expect(closing).toHaveText(`Closing balance on ${shownToday()}: £7.50`);
    await expect(closing).toBeInViewport({ ratio: 1 });
    const download = customers.statement.getByRole('button', { name: 'Download CSV' });
    const box = (await download.boundingBox())!;
    expect([box.x >= 0, box.x + box.width <= 390]).toEqual([true, true]);
    // Neither the page nor the drawer's body scrolls sideways: wide tables scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('.ant-drawer-body').evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });
});
