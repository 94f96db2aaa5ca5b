import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { ImportDialog, InventoryScreens } from './pages/inventory.page';
import { addLocation, createdBy, listLocations, registerOwner } from './support/session-accounts';

// Issue 13, point 2 on the inventory screens: a phone layout, a drawer whose batches fit at 1440 px,
// amounts that never wrap apart from their currency. (Their accessibility: a11y-inventory.spec.ts.)

// Each test: one cold load of the inventory remote, then several screens in the page.
test.describe.configure({ timeout: 90_000 });

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

  test('the items table keeps item, on hand and price; the drawer is full width with its title clear of its buttons; amounts never wrap; the import preview shows each line and what it will do without the page scrolling sideways, and the import runs', async ({ page }) => {
    await rupeeShop(page);
    const inventory = new InventoryScreens(page);
    await inventory.open();
    const headers = inventory.table.locator('thead th');
    await expect(headers.first()).toBeVisible();
    expect((await headers.allInnerTexts()).map((text) => text.trim()).filter(Boolean)).toEqual(['Item', 'On hand', 'Price']);
    await expect(inventory.row('Linen Shirt With A Long Name')).toContainText('රු 1,199.00 – රු 1,249.50');
    expect(await amountsOnOneLine(inventory.table.locator('tbody td'))).toEqual([]);

    await inventory.openItem('Linen Shirt With A Long Name');
    const wrapper = page.locator('.ant-drawer-content-wrapper');
    await expect(inventory.drawer.getByRole('region', { name: 'Batches' })).toBeVisible();
    await expect(wrapper).not.toHaveClass(/motion/);
    expect((await wrapper.boundingBox())!.width).toBeCloseTo(390, 0); // sub-pixel while the last frame of its motion settles
    // The title has the header to itself: the buttons sit under it, in the drawer's body.
    const header = page.locator('.ant-drawer-header');
    await expect(header.getByRole('button', { name: 'Edit item' })).toHaveCount(0);
    await expect(inventory.drawer.getByRole('button', { name: 'Edit item' })).toBeVisible();
    const title = await page.locator('.ant-drawer-title').boundingBox();
    const edit = await inventory.drawer.getByRole('button', { name: 'Edit item' }).boundingBox();
    expect(title!.y + title!.height).toBeLessThanOrEqual(edit!.y);
    expect(title!.width).toBeGreaterThan(250);
    expect(await amountsOnOneLine(inventory.drawer.locator('td'))).toEqual([]);
    await inventory.drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('.ant-drawer-content-wrapper:visible')).toHaveCount(0);

    // The import preview: the item and what will happen to it are on screen without scrolling sideways.
    const importing = new ImportDialog(page);
    const header1 = 'Item name,Variant,Categories,Price,Reorder level,Location,Supplier,Quantity,Cost,Date added';
    await importing.open(inventory, [header1, 'Green Tea,,,3.5,,High Street,Leaf Trading Company,30,1.25,', 'Jasmine Tea,,,5,,High Street,,4,2,'].join('\n'));
    const first = importing.rows().first();
    for (const cell of [first.getByText('Green Tea', { exact: true }), first.locator('.ant-tag')]) {
      await expect(cell).toBeInViewport();
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await importing.outcomes()).toEqual(['New item', 'New item']);
    // The page itself never scrolls sideways (the table scrolls inside the dialog).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(importing.dialog.getByRole('button', { name: 'Confirm import' })).toBeInViewport();
    await importing.confirm();
    await expect(importing.dialog.locator('.ant-alert')).toContainText('2 imported');
  });
});

test.describe('on a tablet (820x1180)', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test("the items table scrolls sideways in its own box with the item's name staying in view; the page, header included, does not scroll sideways", async ({ page }) => {
    await rupeeShop(page);
    const inventory = new InventoryScreens(page);
    await inventory.open();
    const name = inventory.table.getByRole('link', { name: 'Linen Shirt With A Long Name', exact: true });
    await expect(name).toBeVisible();
    const scroller = inventory.content.locator('.ant-table-content').first();
    const widths = await scroller.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client); // every column does not fit: the table scrolls
    const before = (await name.boundingBox())!;
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(inventory.table.getByRole('columnheader', { name: 'Harbour Branch' })).toBeInViewport();
    const after = (await name.boundingBox())!;
    expect(after.x).toBeCloseTo(before.x, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
  });
});

test.describe('at 1440x900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("headings follow one scale: each screen's heading, its section tabs under it; the drawer's sections one level down; its batch table fits, Edit and Delete included", async ({ page }) => {
    await rupeeShop(page);
    const inventory = new InventoryScreens(page);
    await inventory.open();
    const tabs = page.getByRole('navigation', { name: 'Inventory' });
    for (const [tab, heading] of [
      ['Items', 'Inventory'],
      ['Categories', 'Categories'],
      ['Attributes', 'Attributes'],
    ] as const) {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      const h1 = page.getByRole('heading', { level: 1, name: heading, exact: true });
      await expect(h1).toBeVisible();
      const [title, nav] = [(await h1.boundingBox())!, (await tabs.boundingBox())!];
      expect(title.y + title.height).toBeLessThanOrEqual(nav.y);
      expect(await h1.evaluate((element) => getComputedStyle(element).fontSize)).toBe('28px');
    }

    await tabs.getByRole('link', { name: 'Items', exact: true }).click();
    await inventory.openItem('Linen Shirt With A Long Name');
    const section = inventory.drawer.getByRole('heading', { level: 2, name: 'Batches' });
    await expect(section).toBeVisible();
    expect(await section.evaluate((element) => getComputedStyle(element).fontSize)).toBe('20px');

    const batches = inventory.drawer.getByRole('region', { name: 'Batches' });
    await expect(batches.getByRole('button', { name: 'Delete batch' })).toHaveCount(4);
    await expect(page.locator('.ant-drawer-content-wrapper')).not.toHaveClass(/motion/);
    const content = batches.locator('.ant-table-content');
    const { scrollWidth, clientWidth } = await content.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const drawer = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!;
    for (const button of await batches.getByRole('button', { name: /^(Edit|Delete) batch$/ }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(drawer.x + drawer.width);
    }
  });
});
