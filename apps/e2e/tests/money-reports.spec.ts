import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { reportsShop, ReportScreens } from './pages/reports.page';
import { seriousViolations } from './support/axe';

// Issue 15 point 8 (Profit and loss) and the bar's "read a profit and loss for a range that
// includes a refund and check its figures by hand": a day of trading seeded through the API (a
// sale partly refunded, one cancelled, an expense and a cancelled one, a second location), the
// report for today checked figure by figure, both charts drawn, the CSV export, axe in both
// themes, and the statement on a phone.

test.describe.configure({ timeout: 150_000 });

/** Today's date (YYYY-MM-DD) in the browser's time zone: the report's days are the browser's. */
async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date()));
}

test('the profit and loss for today, with a refund, a cancelled sale and a cancelled expense, checked by hand', async ({ page }) => {
  await reportsShop(page.request);
  const report = new ReportScreens(page);
  await report.open();
  // The starting range is this month so far, in the browser's time zone, over all the locations.
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(report.scope).toContainText(/^This month so far: 1 \w{3} \d{4}/);
  await expect(report.scope).toContainText(`days in ${timeZone}; all your locations.`);

  await report.preset('Today');
  await expect(report.scope).toContainText(/^Today: \d{1,2} \w{3} \d{4}; /);

  // Revenue: High Street's hammers 3 x 10.00 = 30.00, less the refunded one 10.00 = 20.00;
  //          its tees 2 x 12.50 = 25.00; the Large tee sold and cancelled counts nothing;
  //          Harbour Branch's hammer 1 x 10.00 = 10.00.   20.00 + 25.00 + 10.00 = 55.00
  await expect(report.figure('Revenue (sales net of refunds)')).toHaveText('£55.00');
  // Cost of goods sold: the hammers still sold 2 x 4.00 = 8.00 (the refunded one went back to
  //          its batch), the tees 2 x 6.00 = 12.00, Harbour's hammer 1 x 5.00 = 5.00.   8 + 12 + 5 = 25.00
  await expect(report.figure('Cost of goods sold')).toHaveText('£25.00');
  // Gross profit: 55.00 - 25.00 = 30.00
  await expect(report.figure('Gross profit')).toHaveText('£30.00');
  // Expenses: Rent 15.00; the Salary of 100.00 was cancelled, so 0.00; the other seven 0.00.
  await expect(report.figure('Rent')).toHaveText('£15.00');
  for (const category of ['Salary', 'Tax', 'Utilities', 'Office Supplies', 'Travel', 'Meals', 'Entertainment', 'Other']) {
    await expect(report.figure(category)).toHaveText('£0.00');
  }
  await expect(report.figure('Total expenses')).toHaveText('£15.00');
  // No transfers: none borne, none capitalised.
  await expect(report.figure('Transfer costs borne')).toHaveText('£0.00');
  await expect(report.figure('Transfer costs capitalised into stock (for information)')).toHaveText('£0.00');
  // Net profit: 30.00 - 15.00 - 0.00 = 15.00
  await expect(report.figure('Net profit')).toHaveText('£15.00');

  // Per location: High Street 45.00 - 20.00 = 25.00 gross, less Rent 15.00 = 10.00 net;
  //               Harbour Branch 10.00 - 5.00 = 5.00 gross and net.   10.00 + 5.00 = 15.00
  const headers = (await report.byLocation.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const column = (name: string) => headers.indexOf(name) - 1;
  expect(headers).toEqual(expect.arrayContaining(['Figure', 'High Street', 'Harbour Branch']));
  const high = column('High Street');
  const harbour = column('Harbour Branch');
  await expect(report.figure('Revenue (sales net of refunds)', report.byLocation).nth(high)).toHaveText('£45.00');
  await expect(report.figure('Cost of goods sold', report.byLocation).nth(high)).toHaveText('£20.00');
  await expect(report.figure('Net profit', report.byLocation).nth(high)).toHaveText('£10.00');
  await expect(report.figure('Revenue (sales net of refunds)', report.byLocation).nth(harbour)).toHaveText('£10.00');
  await expect(report.figure('Expenses: Rent', report.byLocation).nth(harbour)).toHaveText('£0.00');
  await expect(report.figure('Net profit', report.byLocation).nth(harbour)).toHaveText('£5.00');

  // The charts: today's one point each. Income = revenue 55.00; expense = cost of goods sold 25.00
  // + expenses 15.00 + transfer costs 0.00 = 40.00; profit or loss = 55.00 - 40.00 = 15.00.
  const today = await browserToday(page);
  for (const name of ['Income and expense per day', 'Profit or loss per day']) {
    await expect(report.chart(name)).toBeVisible();
    expect(await report.chart(name).evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(100);
  }
  const incomeExpenseRow = page.getByRole('table', { name: 'Income and expense per day' }).getByRole('row', { name: today });
  await expect(incomeExpenseRow.getByRole('cell')).toHaveText(['£55.00', '£40.00']);
  await expect(page.getByRole('table', { name: 'Profit or loss per day' }).getByRole('row', { name: today }).getByRole('cell')).toHaveText(['£15.00']);

  // The export: the same figures as exact decimals, then the day.
  const download = await report.exportCsv();
  expect(download.suggestedFilename()).toBe(`profit-and-loss-${today}-${today}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const lines = csv.split(/\r?\n/);
  expect(lines).toContain(`Time zone,${timeZone}`);
  expect(lines.find((line) => line.startsWith('Figure,'))).toMatch(/^Figure,All locations,(High Street,Harbour Branch|Harbour Branch,High Street)$/);
  expect(lines.find((line) => line.startsWith('Revenue (sales net of refunds),'))).toMatch(/^Revenue \(sales net of refunds\),55\.0000,(45\.0000,10\.0000|10\.0000,45\.0000)$/);
  expect(lines.find((line) => line.startsWith('Cost of goods sold,'))).toMatch(/^Cost of goods sold,25\.0000,/);
  expect(lines.find((line) => line.startsWith('Expenses: Rent,'))).toMatch(/^Expenses: Rent,15\.0000,/);
  expect(lines.find((line) => line.startsWith('Expenses: Salary,'))).toMatch(/^Expenses: Salary,0\.0000,/);
  expect(lines.find((line) => line.startsWith('Net profit,'))).toMatch(/^Net profit,15\.0000,(10\.0000,5\.0000|5\.0000,10\.0000)$/);
  expect(lines).toContain(`${today},55.0000,40.0000,15.0000`);

  // One location chosen: Harbour Branch alone, 10.00 - 5.00 = 5.00.
  await report.chooseLocations('Harbour Branch');
  await expect(report.scope).toContainText('; Harbour Branch.');
  await expect(report.figure('Revenue (sales net of refunds)')).toHaveText('£10.00');
  await expect(report.figure('Net profit')).toHaveText('£5.00');
  await expect(report.byLocation).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the profit and loss screen in the ${theme} theme passes axe`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    await reportsShop(page.request);
    const report = new ReportScreens(page);
    await report.open();
    await expect(report.figure('Net profit')).toHaveText('£15.00');
    await expect(report.chart('Profit or loss per day')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the statement reads on a 390 px screen without the page scrolling sideways', async ({ page }) => {
    await reportsShop(page.request);
    const report = new ReportScreens(page);
    await report.open();
    await expect(report.figure('Net profit')).toHaveText('£15.00');
    await expect(report.chart('Income and expense per day')).toBeVisible();
    // The statement fits: its label and amount columns are both inside the screen.
    const box = await report.statement.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const last = report.figure('Transfer costs capitalised into stock (for information)');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    // Nothing wider than the phone but the per-location table's own scroller.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
