import { expect, test } from '@playwright/test';
import { BillingScreens, PublicInvoicePage, salesShop } from './pages/billing.page';
import { seriousViolationsWithin } from './support/admin-axe';
import { seriousViolations } from './support/axe';

// Issue 14: axe finds nothing serious on the new sale, invoices (with an invoice's drawer and its
// payment and refund dialogs), customers and the public invoice page, in both themes.

test.describe.configure({ timeout: 150_000 });

for (const theme of ['light', 'dark'] as const) {
  test(`the sales screens and the public invoice page in the ${theme} theme`, async ({ page, browser }) => {
    await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    const shop = await salesShop(page.request);
    const customer = (await shop.post('user/customer', { firstName: 'Mia', lastName: 'Reader' })).customer as { _id: string };
    const invoice = await shop.sell([{ itemID: shop.hammer._id, quantity: '2' }], { customer: customer._id, paidAmount: '5', paymentDueDate: '2030-04-01T12:00:00.000Z' });
    const billing = new BillingScreens(page);

    await billing.open('sale');
    await billing.scan('HAM-01');
    await billing.addFound('Cotton', 'Cotton Tee (Large)');
    await billing.pay({ paid: '1' });
    await expect(billing.content.getByLabel('Due date')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await billing.open('invoices');
    await billing.openInvoice(invoice.invoiceNumber);
    await page.waitForTimeout(500);
    expect(await seriousViolationsWithin(page, '.ant-drawer')).toEqual([]);
    await billing.action('Add payment', invoice.invoiceNumber).click();
    await billing.dialogSettled();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    await billing.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
    await billing.action('Refund', invoice.invoiceNumber).click();
    await billing.dialogSettled();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    await billing.dialog.getByRole('button', { name: 'Cancel' }).click();
    await billing.drawer.getByRole('button', { name: 'Close' }).click();
    await expect(billing.drawer).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await billing.open('customers');
    await expect(billing.content.getByRole('cell', { name: 'Mia Reader', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const context = await browser.newContext();
    const visitorPage = await context.newPage();
    await visitorPage.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    const visitor = new PublicInvoicePage(visitorPage);
    await visitor.open(invoice.link!);
    await expect(visitorPage.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();
    expect(await seriousViolations(visitorPage)).toEqual([]);
    await visitor.open('not-a-real-link');
    await expect(visitorPage.getByRole('heading', { name: 'Error Occured!' })).toBeVisible();
    expect(await seriousViolations(visitorPage)).toEqual([]);
    await context.close();
  });
}
