import { expect, test, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { InventoryScreens } from './pages/inventory.page';
import { addLocation, addStaff, listLocations, registerOwner, signedInContext, createdBy } from './support/session-accounts';

// The items screen and an item's drawer as an owner and as staff use them; the figures behind
// them (stock, average cost, search, permissions) are proven in apps/api/test (inventory,
// inventory-figures, cost-visibility). Each test: one cold load of the inventory remote.
test.describe.configure({ timeout: 90_000 });

/** A business with a second location, a supplier, a category and a Size attribute, made through the API. */
async function shop(page: Page) {
  const owner = await registerOwner(page.request);
  const [main] = await listLocations(page.request);
  const branch = await addLocation(page.request, 'Harbour Branch');
  const post = createdBy(page.request);
  const supplier = (await post('user/supplier/add', { name: 'Leaf Co' })).supplier;
  const category = (await post('user/category/add', { name: 'Clothing' })).category;
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).attribute;
  return { owner, main: main!, branch, supplier, category, size, post };
}

test('a variant item with two variants, batches at two locations, stock and average cost per location', async ({ page }) => {
  await shop(page);
  const inventory = new InventoryScreens(page);
  await inventory.open();

  await inventory.content.getByRole('button', { name: 'Add item' }).click();
  await inventory.chooseItemWithVariants();
  await inventory.dialog.getByLabel('Item name').fill('Linen Shirt');
  await inventory.choose('Attributes that vary', ['Size']);
  await inventory.choose('Size values', ['Small', 'Large']);
  await expect(inventory.dialog.getByRole('row')).toHaveCount(3); // the header and two combinations
  await inventory.dialog.getByLabel('Price for every variant').fill('20');
  await inventory.dialog.getByRole('button', { name: 'Apply to all' }).click();
  await inventory.dialog.getByLabel('Price of Large').fill('24.50');
  await inventory.dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(inventory.toast('Linen Shirt added')).toBeVisible();

  // The drawer opens on the new item: its variants with their own prices.
  await expect(inventory.drawerRow('Variants', 'Large')).toContainText('£24.50');
  await expect(inventory.drawerRow('Variants', 'Small')).toContainText('£20.00');

  const addBatch = async (variant: string, location: string, quantity: string, cost: string) => {
    await inventory.drawer.getByRole('button', { name: `Add batch of ${variant}` }).click();
    await inventory.choose('Location', [location]);
    await inventory.choose('Supplier', ['Leaf Co']);
    await inventory.dialog.getByLabel('Quantity').fill(quantity);
    await inventory.dialog.getByLabel('Cost per unit').fill(cost);
    await inventory.dialog.getByRole('button', { name: 'Add batch' }).click();
    await expect(inventory.toast('Batch of Linen Shirt added').last()).toBeVisible();
    await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  };
  await addBatch('Small', 'High Street', '10', '8');
  await addBatch('Small', 'High Street', '5', '11');
  await addBatch('Large', 'Harbour Branch', '4', '12.50');

  // Per location: High Street 15 at (80 + 55) / 15 = 9.00; Harbour Branch 4 at 12.50.
  await expect(inventory.drawerRow('Stock by location', 'High Street')).toContainText('15');
  await expect(inventory.drawerRow('Stock by location', 'High Street')).toContainText('£9.00');
  await expect(inventory.drawerRow('Stock by location', 'High Street')).toContainText('£135.00');
  await expect(inventory.drawerRow('Stock by location', 'Harbour Branch')).toContainText('£12.50');
  await expect(inventory.drawerRow('Batches', 'Harbour Branch')).toContainText('Leaf Co');
  await expect(inventory.drawer.getByRole('region', { name: 'Batches' }).getByRole('row')).toHaveCount(4);

  // The table shows the same figures, in total and per location.
  await inventory.drawer.getByRole('button', { name: 'Close' }).click();
  const shirt = inventory.row('Linen Shirt');
  await expect(shirt).toContainText('19'); // on hand in total
  await expect(shirt).toContainText('£185.00'); // value: 135 + 50
  await expect(shirt).toContainText('£20.00 – £24.50');
});

test('search, filters and pages come from the server and stay in the URL', async ({ page }) => {
  const { main, branch, category, post } = await shop(page);
  for (const name of ['Apple', 'Banana', 'Cherry']) {
    const item = (await post('user/inventory/add/simple/item', { itemName: name, price: '1', categories: name === 'Cherry' ? [category._id] : [] })).item as Item;
    await post('user/inventory/add/batch', { itemID: item._id, locationID: name === 'Banana' ? branch._id : main._id, quantity: '3', cost: '0.5' });
  }
  // More rows than a screenful: the table draws its first 15 in its first render, the rest just after (libs/ui use-rows-in-stages.ts).
  for (let i = 1; i <= 17; i++) await post('user/inventory/add/simple/item', { itemName: `Stock line ${String(i).padStart(2, '0')}`, price: '2' });
  await page.addInitScript(() => {
    const counts: number[] = [];
    Object.assign(window, { rowCounts: counts });
    new MutationObserver(() => {
      const rows = document.querySelectorAll('[data-remote="inventory"] .ant-table-row').length;
      if (rows > 0 && counts.at(-1) !== rows) counts.push(rows);
    }).observe(document, { childList: true, subtree: true });
  });
  const inventory = new InventoryScreens(page);
  await inventory.open('/x/inventory?limit=20');
  await expect(inventory.table.getByRole('link', { name: /^(Apple|Banana|Cherry)$/ })).toHaveCount(3);
  await expect(inventory.table.locator('.ant-table-row')).toHaveCount(20);
  expect(await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts)).toEqual([15, 20]);

  await page.getByRole('searchbox', { name: 'Search items' }).fill('ban');
  await expect(inventory.table.getByRole('link', { name: /^(Apple|Banana|Cherry)$/ })).toHaveCount(1);
  await expect(page).toHaveURL(/q=ban/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(inventory.table.getByRole('link', { name: /^(Apple|Banana|Cherry)$/ })).toHaveCount(3);

  await inventory.choose('Location', ['Harbour Branch'], inventory.content);
  await expect(inventory.table.getByRole('link', { name: /^(Apple|Banana|Cherry)$/ })).toHaveCount(1);
  await expect(inventory.row('Banana')).toBeVisible();
  await page.reload();
  await expect(inventory.row('Banana')).toBeVisible({ timeout: 25_000 });
  await expect(inventory.table.getByRole('link', { name: /^(Apple|Banana|Cherry)$/ })).toHaveCount(1);
});

test('staff see only what their permissions allow: view-only staff at one location see its stock, no Add item, Import CSV, Suppliers or Edit item, no costs and no empty Actions column; with view:cost and a batch action, costs and Actions are back', async ({ page, browser }) => {
  const { main, branch, size, post } = await shop(page);
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Black Tea', price: '4' })).item as Item;
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main._id, quantity: '3', cost: '1' });
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: branch._id, quantity: '8', cost: '1' });
  const shirt = (await post('user/inventory/variant/item', { itemName: 'Wool Shirt', variants: [{ attributes: [size.values[0]._id], price: '30' }] })).item as Item;
  await post('user/inventory/add/batch', { itemID: shirt.subItems[0]!._id, locationID: branch._id, quantity: '2', cost: '12' });

  const viewer = await addStaff(page.request, [{ action: ['view:item'], locations: [branch._id] }]);
  const context = await signedInContext(browser, viewer.username, viewer.password);
  const staffPage = await context.newPage();
  const inventory = new InventoryScreens(staffPage);
  await inventory.open();
  await expect(inventory.row('Black Tea')).toContainText('8');
  await expect(inventory.row('Wool Shirt')).toContainText('2');
  await expect(inventory.table.getByRole('columnheader', { name: 'Harbour Branch' })).toBeVisible();
  await expect(inventory.table.getByRole('columnheader', { name: 'High Street' })).toHaveCount(0);
  for (const header of ['Average cost', 'Value']) await expect(inventory.table.getByRole('columnheader', { name: header })).toHaveCount(0);
  await expect(inventory.row('Wool Shirt')).not.toContainText('£24.00');
  await expect(inventory.content.getByRole('button', { name: 'Add item' })).toHaveCount(0);
  await expect(inventory.content.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(staffPage.getByRole('navigation', { name: 'Inventory' }).getByRole('link', { name: 'Suppliers' })).toHaveCount(0);
  await inventory.openItem('Black Tea');
  await expect(inventory.drawer.getByRole('button', { name: 'Edit item' })).toHaveCount(0);
  await expect(inventory.drawerRow('Stock by location', 'Harbour Branch')).toContainText('8');
  await expect(inventory.drawerRow('Stock by location', 'High Street')).toHaveCount(0);
  await inventory.drawer.getByRole('button', { name: 'Close' }).click();
  await inventory.openItem('Wool Shirt');
  for (const section of ['Stock by location', 'Variants', 'Batches']) {
    const table = inventory.drawer.getByRole('region', { name: section });
    await expect(table.getByRole('columnheader').first()).toBeVisible();
    for (const header of ['Average cost', 'Value', 'Cost', 'Actions']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toHaveCount(0);
  }
  await expect(inventory.drawer.locator('.ant-descriptions')).not.toContainText('Average cost');
  await context.close();

  // With the permission (and an action), they are back.
  const costing = await addStaff(page.request, [{ action: ['view:item', 'view:cost', 'update:batch'], locations: [branch._id] }]);
  const theirs = await signedInContext(browser, costing.username, costing.password);
  const seen = new InventoryScreens(await theirs.newPage());
  await seen.open();
  await expect(seen.table.getByRole('columnheader', { name: 'Average cost' })).toBeVisible();
  await seen.openItem('Wool Shirt');
  const batches = seen.drawer.getByRole('region', { name: 'Batches' });
  await expect(batches.getByRole('columnheader', { name: 'Cost', exact: true })).toBeVisible();
  await expect(batches.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  await expect(batches.getByRole('button', { name: 'Delete batch' })).toHaveCount(0);
  await theirs.close();
});

test('a new shop makes a variant item with a new attribute and a new category from the item form itself (issue 24)', async ({ page }) => {
  await registerOwner(page.request);
  const inventory = new InventoryScreens(page);
  await inventory.open('/x/inventory?do=add-item');
  const dialog = inventory.dialog;
  await expect(dialog).toBeVisible();
  await inventory.chooseItemWithVariants();
  await dialog.getByLabel('Item name').fill('Linen Tee');
  await expect(dialog.getByRole('combobox', { name: 'Attributes that vary' })).toBeVisible();

  // The attribute and its values, made here: chosen with every value, so the grid has a variant each.
  await dialog.getByRole('button', { name: '+ New attribute' }).click();
  await dialog.getByLabel('Attribute name').fill('Size');
  await dialog.getByLabel('Its values').fill('S, M, L');
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog.getByRole('table', { name: 'Variants' }).locator('tbody tr.ant-table-row')).toHaveCount(3);

  // A category, made here and chosen; a taken name is refused on the spot.
  await dialog.getByRole('button', { name: '+ New category' }).click();
  await dialog.getByLabel('New category name').fill('Shirts');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.locator('.ant-select-selection-item', { hasText: 'Shirts' })).toBeVisible();
  await dialog.getByRole('button', { name: '+ New category' }).click();
  await dialog.getByLabel('New category name').fill('Shirts');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'A category of that name is already there.' })).toBeVisible();

  // The grid scrolled to its last column (the codes, the tax) still shows which variant each row is.
  const grid = dialog.getByRole('table', { name: 'Variants' });
  const scroller = dialog.locator('.ant-table-content').last();
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const name = await grid.getByText('S', { exact: true }).boundingBox();
  const box = await scroller.boundingBox();
  expect(name!.x).toBeGreaterThanOrEqual(box!.x);

  await dialog.getByLabel('Price for every variant').fill('15');
  await dialog.getByRole('button', { name: 'Apply to all' }).click();
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(inventory.toast('Linen Tee added')).toBeVisible();
  const listed = await (await page.request.get('/api/v1/user/inventory/list?search=Linen%20Tee')).json();
  const [tee] = listed.items as Item[];
  expect(tee!.subItems).toHaveLength(3);
  expect(tee!.category.map((category) => category.name)).toEqual(['Shirts']);
});
