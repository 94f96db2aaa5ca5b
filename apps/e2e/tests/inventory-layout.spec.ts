import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { InventoryScreens } from './pages/inventory.page';
import { seriousViolationsWithin } from './support/admin-axe';
import { seriousViolations } from './support/axe';
import { addLocation, createdBy, listLocations, registerOwner } from './support/session-accounts';

// Issue 13, point 2 on the inventory screens: a phone layout, a drawer whose batches fit at 1440 px,
// amounts that never wrap apart from their currency; axe in both themes on the screens changed.

test.describe.configure({ timeout: 120_000 });

/** A business in rupees of Sri Lanka ("රු 12.50": a symbol, a space, the number) with a variant item in stock at two locations. */
async function rupeeShop(page: Page) {
  await registerOwner(page.request, { currency: 'LKR' });
  const [main] = await listLocations(page.request);
  const branch = await addLocation(page.request, 'Harbour Branch');
  const post = createdBy(page.request);
  await post('user/supplier/add', { name: 'Leaf Trading Company' });
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).attribute as { values: { _id: string }[] };
  const shirt = (
    await post('user/inventory/variant/item', {
      itemName: 'Linen Shirt With A Long Name',
      variants: size.values.map((value, index) => ({ attributes: [value._id], price: index ? '1249.50' : '1199.00', reorderLevel: '2' })),
    })
  ).item as Item;
  for (const location of [main!, branch]) {
    for (const variant of shirt.subItems) {
      await post('user/inventory/add/batch', { itemID: variant._id, locationID: location._id, quantity: '3', cost: '1234.5' });
    }
  }
  return { shirt };
}

/** Whether each piece of text holding a currency amount inside `scope` lies on one line. */
async function amountsOnOneLine(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((elements) => {
    const wrapped: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/රු\s[\d,.]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) wrapped.push(match[0]);
        }
      }
    }
    return wrapped;
  });
}

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the items table keeps item, on hand and price; the drawer is full width with its title clear of its buttons; amounts never wrap', async ({ page }) => {
    const { shirt } = await rupeeShop(page);
    const inventory = new InventoryScreens(page);
    await inventory.open();
    const headers = inventory.table.locator('thead th');
    await expect(headers.first()).toBeVisible();
    expect((await headers.allInnerTexts()).map((text) => text.trim()).filter(Boolean)).toEqual(['Item', 'On hand', 'Price']);
    await expect(inventory.row('Linen Shirt With A Long Name')).toContainText('රු 1,199.00 – රු 1,249.50');
    expect(await amountsOnOneLine(inventory.table.locator('tbody td'))).toEqual([]);

    await page.goto(`/x/inventory/items/${shirt._id}`);
    const wrapper = page.locator('.ant-drawer-content-wrapper');
    await expect(inventory.drawer.getByRole('region', { name: 'Batches' })).toBeVisible({ timeout: 25_000 });
    expect((await wrapper.boundingBox())?.width).toBe(390);
    // The title has the header to itself: the buttons sit under it, in the drawer's body.
    const header = page.locator('.ant-drawer-header');
    await expect(header.getByRole('button', { name: 'Edit item' })).toHaveCount(0);
    await expect(inventory.drawer.getByRole('button', { name: 'Edit item' })).toBeVisible();
    const title = await page.locator('.ant-drawer-title').boundingBox();
    const edit = await inventory.drawer.getByRole('button', { name: 'Edit item' }).boundingBox();
    expect(title!.y + title!.height).toBeLessThanOrEqual(edit!.y);
    expect(title!.width).toBeGreaterThan(250);
    expect(await amountsOnOneLine(inventory.drawer.locator('td'))).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the items screen and an item's drawer have no serious or critical accessibility violations on a phone (${theme})`, async ({ page }) => {
      const { shirt } = await rupeeShop(page);
      await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
      const inventory = new InventoryScreens(page);
      await inventory.open();
      await expect(inventory.row('Linen Shirt With A Long Name')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/x/inventory/items/${shirt._id}`);
      await expect(inventory.drawer.getByRole('region', { name: 'Batches' })).toBeVisible({ timeout: 25_000 });
      await expect(page.locator('.ant-drawer-content-wrapper')).not.toHaveClass(/motion/);
      // The phone's drawer: its buttons under the title.
      await expect(page.locator('.ant-drawer-header').getByRole('button', { name: 'Edit item' })).toHaveCount(0);
      expect(await seriousViolationsWithin(page, '.ant-drawer-section')).toEqual([]);
    });
  }
});

test.describe('at 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("headings follow one scale: each screen's heading, its section tabs under it; the drawer's sections one level down", async ({ page }) => {
    const { shirt } = await rupeeShop(page);
    const inventory = new InventoryScreens(page);
    for (const [path, heading] of [
      ['/x/inventory', 'Inventory'],
      ['/x/inventory/categories', 'Categories'],
      ['/x/inventory/attributes', 'Attributes'],
    ] as const) {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, name: heading, exact: true });
      await expect(h1).toBeVisible({ timeout: 25_000 });
      const tabs = page.getByRole('navigation', { name: 'Inventory' });
      const [title, nav] = [(await h1.boundingBox())!, (await tabs.boundingBox())!];
      expect(title.y + title.height).toBeLessThanOrEqual(nav.y);
      expect(await h1.evaluate((element) => getComputedStyle(element).fontSize)).toBe('28px');
    }
    await inventory.open(`/x/inventory/items/${shirt._id}`);
    const section = inventory.drawer.getByRole('heading', { level: 2, name: 'Batches' });
    await expect(section).toBeVisible();
    expect(await section.evaluate((element) => getComputedStyle(element).fontSize)).toBe('20px');
  });

  test("the item drawer's batch table fits, Edit and Delete included", async ({ page }) => {
    const { shirt } = await rupeeShop(page);
    const inventory = new InventoryScreens(page);
    await inventory.open(`/x/inventory/items/${shirt._id}`);
    const batches = inventory.drawer.getByRole('region', { name: 'Batches' });
    await expect(batches.getByRole('button', { name: 'Delete batch' })).toHaveCount(4);
    const content = batches.locator('.ant-table-content');
    const { scrollWidth, clientWidth } = await content.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const drawer = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
    for (const button of await batches.getByRole('button', { name: /^(Edit|Delete) batch$/ }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(drawer.x + drawer.width);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the empty inventory and the Add variant dialog have no serious or critical accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
      await registerOwner(page.request);
      const inventory = new InventoryScreens(page);
      await inventory.open();
      await expect(inventory.content.getByRole('button', { name: 'Add your first item' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      const post = createdBy(page.request);
      const size = (await post('user/attribute/add', { name: 'Size', values: ['S', 'M'] })).attribute as { values: { _id: string }[] };
      const shirt = (await post('user/inventory/variant/item', { itemName: 'Tee', variants: [{ attributes: [size.values[0]!._id], price: '5' }] })).item as Item;
      await page.goto(`/x/inventory/items/${shirt._id}`);
      await inventory.drawer.getByRole('button', { name: 'Add variant' }).click({ timeout: 25_000 });
      await inventory.dialogSettled();
      await inventory.dialog.getByRole('button', { name: 'Add variant' }).click();
      await expect(inventory.dialog.getByText('Choose at least one attribute value.')).toBeVisible();
      expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    });
  }
});
