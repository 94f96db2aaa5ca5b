import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { reportsShop, ReportScreens } from './pages/reports.page';

// Issue 15 point 8 (Profit and loss), as the screen wires it up: a day of trading seeded through
// the API (a sale partly refunded, one cancelled, an expense and a cancelled one, a second
// location), the range and locations chosen on screen, the bottom line and a location's column,
// both charts drawn, the CSV export, and the statement on a phone. Every figure of such a day is
// checked by hand on real PostgreSQL in apps/api/test/profit-loss.e2e-spec.ts; the statement's
// lines and the CSV's rows in apps/billing-mf/src/reports/statement.spec.ts; axe in
// a11y-billing.spec.ts.

// A test's first page is a cold load of the frame and a remote: over 30 s seen on a shared
// two-core machine under load (15-35), where the rest of a test takes seconds.
test.describe.configure({ timeout: 90_000 });

/** Today's date (YYYY-MM-DD) in the browser's time zone: the report's days are the browser's. */
async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date()));
}

test('the profit and loss for today, with a refund, a cancelled sale and a cancelled expense: range, bottom line, locations, charts and export', async ({ page }) => {
  await reportsShop(page.request);
  const report = new ReportScreens(page);
  await report.open();
  // The starting range is this month so far, in the browser's time zone, over all the locations.
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(report.scope).toContainText(/^This month so far: 1 \w{3} \d{4}/);
  await expect(report.scope).toContainText(`days in ${timeZone}; all your locations.`);

  await report.preset('Today');
  await expect(report.scope).toContainText(/^Today: \d{1,2} \w{3} \d{4}; /);

  // The bottom line: revenue 55.00 - cost of goods sold 25.00 - Rent 15.00 = 15.00 (by hand in
  // the comments of reportsShop); the per-location columns: High Street 10.00, Harbour Branch 5.00.
  await expect(report.figure('Net profit')).toHaveText('£15.00');
  await expect(report.byLocation.locator('thead')).toContainText('Harbour Branch');
  const headers = (await report.byLocation.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const column = (name: string) => headers.indexOf(name) - 1;
  expect(headers).toEqual(expect.arrayContaining(['Figure', 'High Street', 'Harbour Branch']));
  await expect(report.figure('Net profit', report.byLocation).nth(column('High Street'))).toHaveText('£10.00');
  await expect(report.figure('Net profit', report.byLocation).nth(column('Harbour Branch'))).toHaveText('£5.00');

  // The charts: today's one point each. Income = revenue 55.00; expense = cost of goods sold 25.00
  // + expenses 15.00 + transfer costs 0.00 = 40.00; profit or loss = 55.00 - 40.00 = 15.00.
  const today = await browserToday(page);
  for (const name of ['Sales and costs per day', 'Profit or loss per day']) {
    await expect(report.chart(name)).toBeVisible();
    expect(await report.chart(name).evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(100);
  }
  const incomeExpenseRow = page.getByRole('table', { name: 'Sales and costs per day' }).getByRole('row', { name: today });
  await expect(incomeExpenseRow.getByRole('cell')).toHaveText(['£55.00', '£40.00']);
  await expect(page.getByRole('table', { name: 'Profit or loss per day' }).getByRole('row', { name: today }).getByRole('cell')).toHaveText(['£15.00']);
  // On screen (issue 24): the day's values under the pointer, in pounds; Sales in the one blue it
  // has on the dashboard too; and the page ends where its content does (the hidden tables of
  // points once stretched it by about 600 px of nothing).
  const chart = report.chart('Sales and costs per day');
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const hover = page.locator('.sb-chart-hover:visible');
  await expect(hover).toContainText('Sales: £55.00');
  await expect(hover).toContainText('Costs: £40.00');
  const salesSwatch = page.getByRole('figure').filter({ hasText: 'Sales and costs per day' }).locator('li', { hasText: 'Sales' }).locator('span');
  expect(await salesSwatch.evaluate((swatch) => getComputedStyle(swatch).borderTopColor)).toBe('rgb(11, 92, 213)');
  const overhang = await page.evaluate(() => document.scrollingElement!.scrollHeight - (document.querySelector('main')!.getBoundingClientRect().bottom + scrollY));
  expect(overhang).toBeLessThan(2);

  // The export: the same figures as exact decimals, then the day.
  const download = await report.exportCsv();
  expect(download.suggestedFilename()).toBe(`profit-and-loss-${today}-${today}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
  const lines = csv.split(/\r?\n/);
  expect(lines).toContain(`Time zone,${timeZone}`);
  expect(lines.find((line) => line.startsWith('Net profit,'))).toMatch(/^Net profit,15\.00,(10\.00,5\.00|5\.00,10\.00)$/);
  expect(lines).toContain(`${today},55.00,40.00,15.00`);

  // One location chosen: Harbour Branch alone, 10.00 - 5.00 = 5.00.
  await report.chooseLocations('Harbour Branch');
  await expect(report.scope).toContainText('; Harbour Branch.');
  await expect(report.figure('Sales (net of refunds and tax)')).toHaveText('£10.00');
  await expect(report.figure('Net profit')).toHaveText('£5.00');
  await expect(report.byLocation).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the statement reads on a 390 px screen without the page scrolling sideways', async ({ page }) => {
    await reportsShop(page.request);
    const report = new ReportScreens(page);
    await report.open();
    await expect(report.figure('Net profit')).toHaveText('£15.00');
    await expect(report.chart('Sales and costs per day')).toBeVisible();
    // The statement fits: its label and amount columns are both inside the screen.
    const box = await report.statement.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const last = report.figure('Transfer costs capitalised into stock (for information)');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    // Nothing wider than the phone but the per-location table's own scroller.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
