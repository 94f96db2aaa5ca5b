import { readFileSync } from 'node:fs';
import { expect, type Download, type Locator } from '@playwright/test';
import { BillingScreens } from './billing.page';

/** The billing remote's Customers screen and a customer's page (a drawer): figures, invoices, credit notes, statement. */
export class CustomerScreens extends BillingScreens {
  /** Opens a customer's page from the customers table by their name. */
  async openCustomer(name: string): Promise<void> {
    await this.content.getByRole('link', { name, exact: true }).click();
    await expect(this.drawer.locator('.ant-drawer-title')).toHaveText(name);
    await expect(this.drawer.getByTestId('customer-details')).toBeVisible();
  }

  /** One of the page's figures: Total bought, Outstanding credit, Last purchase. */
  figure(label: 'Total bought' | 'Outstanding credit' | 'Last purchase'): Locator {
    return this.drawer.getByTestId(`customer-${label.toLowerCase().replace(/ /g, '-')}`);
  }

  get statement(): Locator {
    return this.drawer.getByTestId('customer-statement');
  }

  /** A table of the drawer (Invoices, Credit notes, Statement) as its cells read, one array per row (no placeholder row). */
  async rows(table: 'Invoices' | 'Credit notes' | 'Statement'): Promise<string[][]> {
    const element = this.drawer.getByRole('table', { name: table, exact: true });
    await expect(element).toBeVisible();
    // A state tag's coloured dot is decoration: the words alone, one space apart.
    return element.evaluate((node) =>
      [...node.querySelectorAll('tbody tr')]
        .filter((row) => !row.classList.contains('ant-table-measure-row') && !row.classList.contains('ant-table-placeholder'))
        .map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(/●/g, ' ').replace(/\s+/g, ' ').trim())),
    );
  }

  /** Presses a download button (in the drawer's statement or on the screen) and answers the file's name and its lines (no byte-order mark). */
  async download(button: Locator): Promise<{ name: string; lines: string[] }> {
    const download: Promise<Download> = this.page.waitForEvent('download');
    await button.click();
    const file = await download;
    const text = readFileSync((await file.path())!, 'utf8').replace(/^\ufeff/, '');
    return { name: file.suggestedFilename(), lines: text.split(/\r?\n/) };
  }

  /** Replaces window.print so the print dialog never opens; keeps the print-only sheet's text each time (a statement, or an export's rows). */
  async stubStatementPrint(): Promise<void> {
    await this.page.addInitScript(() => {
      const printed: string[] = [];
      Object.assign(window, { stockbookPrinted: printed });
      window.print = () => {
        printed.push((document.querySelector('[data-testid="statement-print"], [data-testid="rows-print"]') as HTMLElement | null)?.textContent ?? '');
      };
    });
  }
}
