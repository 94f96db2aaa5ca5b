import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Invoice, Item, Location, Transfer } from '@stockbook/contracts';
import { addLocation, createdBy, listLocations, registerOwner } from '../support/session-accounts';

/** The dashboard at /x: its widgets (one per remote slot) and the fallbacks of remotes that did not load. */
export class DashboardScreen {
  constructor(readonly page: Page) {}

  /**
   * Opens the dashboard: by the sidebar once the frame is on show, else a cold /x (the frame, then
   * each widget's remote: slow on a busy two-core machine).
   */
  async open(timeout = 30_000): Promise<void> {
    const sidebar = this.page.getByRole('navigation', { name: 'Sections' });
    const path = this.page.url().startsWith('http') ? new URL(this.page.url()).pathname : '';
    if (path.startsWith('/x') && (await sidebar.isVisible())) await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    else await this.page.goto('/x');
    await expect(this.page).toHaveURL(/\/x\/?$/, { timeout });
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout });
  }

  /** A widget, by its heading ('Today', 'Low stock', 'Recent invoices', ...). */
  widget(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The figure under a label of a widget's figures ('Income' -> '£20.00'). */
  figure(widget: Locator, label: string | RegExp): Locator {
    return widget.locator('dl > div').filter({ has: this.page.locator('dt', { hasText: label }) }).locator('dd');
  }

  /** The slots of a remote that could not be loaded. */
  fallbacks(remote: 'inventory' | 'billing'): Locator {
    return this.page.getByTestId(`remote-fallback-${remote}`);
  }

  /** Makes `locationId` the user's working location (the frame's header selector remembers it). */
  async workAt(userId: string, locationId: string): Promise<void> {
    await this.page.addInitScript(([user, location]) => localStorage.setItem(`stockbook-location:${user}`, location), [userId, locationId] as const);
  }

  /** The slots whose widget shows something. */
  slots(): Locator {
    return this.page.locator('.sb-dashboard-slot:not(:empty)');
  }
}

/**
 * A shop for the dashboard suite (pounds, FIFO) at High Street and Harbour Branch, today: a Claw
 * Hammer (10 at 4.00, sold at 10.00) and Green Tea (6 at 1.00, sold at 3.00, reorder at 5); one sale
 * of 3 hammers and 2 teas (36.00, 20.00 paid, 16.00 on credit), so the tea is low (4 left); a 5.00
 * expense; 4 hammers on their way to Harbour Branch (Pending).
 */
export async function dashboardShop(request: APIRequestContext) {
  const owner = await registerOwner(request);
  const [main] = (await listLocations(request)) as [Location];
  const branch = await addLocation(request, 'Harbour Branch');
  const post = createdBy(request);
  const hammer = (await post('user/inventory/add/simple/item', { itemName: 'Claw Hammer', price: '10' })).item as Item;
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3', reorderLevel: '5' })).item as Item;
  await post('user/inventory/add/batch', { itemID: hammer._id, locationID: main._id, quantity: '10', cost: '4' });
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main._id, quantity: '6', cost: '1' });
  const sale = (
    await post('user/invoice', {
      locationID: main._id,
      items: [
        { itemID: hammer._id, quantity: '3' },
        { itemID: tea._id, quantity: '2' },
      ],
      paymentMethod: 'Cash',
      paidAmount: '20',
      paymentDueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    })
  ).invoice as Invoice;
  await post('user/expense', { locationID: main._id, amount: '5', category: 'Utilities', description: 'Light bulbs' });
  const transfer = (await post('user/transfer', { itemID: hammer._id, sourceLocationID: main._id, destinationLocationID: branch._id, transferQuantity: '4' }))
    .transfer as Transfer;
  return { owner, main, branch, hammer, tea, sale, transfer };
}
