import { expect, test, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { ImportDialog, InventoryScreens } from './pages/inventory.page';
import { seriousViolationsWithin } from './support/admin-axe';
import { seriousViolations } from './support/axe';
import { addLocation, addStaff, listLocations, registerOwner, signedInContext, createdBy } from './support/session-accounts';

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
  await inventory.dialog.getByText('Item with variants', { exact: true }).click();
  await inventory.dialog.getByLabel('Item name').fill('Linen Shirt');
  await inventory.choose('Attributes that vary', ['Size']);
  await inventory.choose('Size values', ['Small', 'Large']);
  await expect(inventory.dialog.getByRole('row')).toHaveCount(3); // the header and two combinations
  await inventory.dialog.getByLabel('Price for every variant').fill('20');
  await inventory.dialog.getByRole('button', { name: 'Apply to all' }).click();
  await inventory.dialog.getByLabel('Price of Large').fill('24.50');
  await inventory.dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(inventory.toast('Linen Shirt is added')).toBeVisible();

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

test('a batch is edited, never below what was sold, and deleted', async ({ page }) => {
  const { main, post } = await shop(page);
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3.5', reorderLevel: '5' })).item as Item;
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main._id, quantity: '4', cost: '1.25' });
  const inventory = new InventoryScreens(page);
  await inventory.open(`/x/inventory/items/${tea._id}`);
  await expect(inventory.drawer.getByText('Low stock').first()).toBeVisible();

  await inventory.drawerRow('Batches', 'High Street').getByRole('button', { name: 'Edit batch' }).click();
  await inventory.dialog.getByLabel('Quantity').fill('-2');
  await expect(inventory.dialog.getByText('Quantity must be a number of at least 0 with at most 3 decimals.')).toBeVisible();
  await inventory.dialog.getByLabel('Quantity').fill('12');
  await inventory.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(inventory.toast('Batch of Green Tea saved')).toBeVisible();
  await expect(inventory.drawerRow('Stock by location', 'High Street')).toContainText('12');
  await expect(inventory.drawer.getByText('Low stock')).toHaveCount(0);

  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  // The live reload of the item can land on the first click and re-render the row under it.
  await expect(async () => {
    await inventory.drawerRow('Batches', 'High Street').getByRole('button', { name: 'Delete batch' }).click();
    await expect(page.getByText('Delete this batch?')).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await inventory.confirm();
  await expect(inventory.toast('Batch deleted')).toBeVisible();
  await expect(inventory.drawer.getByText('No batches yet.')).toBeVisible();
});

test('search, filters and pages come from the server and stay in the URL', async ({ page }) => {
  const { main, branch, category, post } = await shop(page);
  for (const name of ['Apple', 'Banana', 'Cherry']) {
    const item = (await post('user/inventory/add/simple/item', { itemName: name, price: '1', categories: name === 'Cherry' ? [category._id] : [] })).item as Item;
    await post('user/inventory/add/batch', { itemID: item._id, locationID: name === 'Banana' ? branch._id : main._id, quantity: '3', cost: '0.5' });
  }
  const inventory = new InventoryScreens(page);
  await inventory.open('/x/inventory?limit=20');
  await expect(inventory.table.getByRole('link', { name: /^(Apple|Banana|Cherry)$/ })).toHaveCount(3);

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

test('import a CSV: good lines land, the bad one is reported with why, and export gives back what the table shows', async ({ page }) => {
  await shop(page);
  const inventory = new InventoryScreens(page);
  await inventory.open();
  const csv = [
    'Item name,Variant,Categories,Price,Reorder level,Location,Supplier,Quantity,Cost,Date added',
    'Oat Milk,,Clothing,2.40,3,High Street,Leaf Co,12,1.10,2026-11-01',
    'Oat Milk,,,,,Harbour Branch,,6,1.30,',
    'Wool Socks,Size: Large,Clothing,9,,High Street,,5,4,',
    'Ghost Item,,,1,,Nowhere,,2,1,',
  ].join('\n');
  // The file is previewed first; nothing is imported until the import is confirmed.
  const importing = new ImportDialog(page);
  await importing.open(inventory, csv, 'stock.csv');
  await importing.confirm();
  await expect(page.getByText('3 imported, 1 refused.')).toBeVisible();
  const report = page.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row').filter({ hasText: 'Refused' })).toContainText('Nowhere');
  await expect(report.getByRole('row').filter({ hasText: 'Refused' }).getByRole('cell').first()).toHaveText('5');
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(inventory.row('Oat Milk')).toContainText('18');
  await expect(inventory.row('Wool Socks')).toBeVisible();
  await expect(inventory.table.getByRole('link', { name: 'Ghost Item' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await inventory.content.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const text = (await (await file.createReadStream()).toArray()).join('');
  expect(text).toContain('Item name,Variant,Categories,Price,Reorder level,Location,Supplier,Quantity,Cost,Date added');
  expect(text).toContain('Oat Milk,,Clothing,2.4000,3.000,High Street,Leaf Co,12,1.1000,2026-11-01');
  expect(text).toContain('Wool Socks,Size: Large,Clothing,9.0000');
});

test('a second browser sees a new batch appear without reloading', async ({ page, browser }) => {
  const { main, post } = await shop(page);
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Jasmine Tea', price: '4' })).item as Item;
  const inventory = new InventoryScreens(page);
  await inventory.open();
  await expect(inventory.row('Jasmine Tea')).toContainText('£0.00');

  // A colleague, in a browser of their own, adds stock on the item's page.
  const colleague = await addStaff(page.request, [{ action: ['view:item', 'create:batch'], locations: [main._id] }]);
  const context = await signedInContext(browser, colleague.username, colleague.password);
  const theirs = new InventoryScreens(await context.newPage());
  await theirs.open(`/x/inventory/items/${tea._id}`);
  await theirs.drawer.getByRole('button', { name: 'Add batch' }).click();
  // Their only location is already chosen.
  await expect(theirs.dialog.getByText(main.name, { exact: true })).toBeVisible();
  await theirs.dialog.getByLabel('Quantity').fill('7');
  await theirs.dialog.getByLabel('Cost per unit').fill('2');
  await theirs.dialog.getByRole('button', { name: 'Add batch' }).click();
  await expect(theirs.toast('Batch of Jasmine Tea added')).toBeVisible();

  // The first browser was not reloaded: the live event brought the batch in.
  await expect(inventory.row('Jasmine Tea')).toContainText('£14.00');
  await expect(inventory.row('Jasmine Tea')).toContainText('7');
  await context.close();
});

test('staff see only what their permissions allow', async ({ page, browser }) => {
  const { main, branch, post } = await shop(page);
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Black Tea', price: '4' })).item as Item;
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main._id, quantity: '3', cost: '1' });
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: branch._id, quantity: '8', cost: '1' });
  const staff = await addStaff(page.request, [{ action: ['view:item'], locations: [branch._id] }]);
  const context = await signedInContext(browser, staff.username, staff.password);
  const staffPage = await context.newPage();
  const inventory = new InventoryScreens(staffPage);
  await inventory.open();
  await expect(inventory.row('Black Tea')).toContainText('8');
  await expect(inventory.table.getByRole('columnheader', { name: 'Harbour Branch' })).toBeVisible();
  await expect(inventory.table.getByRole('columnheader', { name: 'High Street' })).toHaveCount(0);
  await expect(inventory.content.getByRole('button', { name: 'Add item' })).toHaveCount(0);
  await expect(inventory.content.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(staffPage.getByRole('navigation', { name: 'Inventory' }).getByRole('link', { name: 'Suppliers' })).toHaveCount(0);
  await inventory.openItem('Black Tea');
  await expect(inventory.drawer.getByRole('button', { name: 'Edit item' })).toHaveCount(0);
  await expect(inventory.drawerRow('Stock by location', 'Harbour Branch')).toContainText('8');
  await expect(inventory.drawerRow('Stock by location', 'High Street')).toHaveCount(0);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the items screen, an item's drawer and the forms have no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    const { main, size, post } = await shop(page);
    const shirt = (
      await post('user/inventory/variant/item', {
        itemName: 'Linen Shirt',
        variants: size.values.map((value: { _id: string }) => ({ attributes: [value._id], price: '20', reorderLevel: '2' })),
      })
    ).item as Item;
    await post('user/inventory/add/batch', { itemID: shirt.subItems[0]!._id, locationID: main._id, quantity: '1', cost: '9' });
    await page.addInitScript((chosen) => localStorage.setItem('stockbook-theme', chosen), theme);
    const inventory = new InventoryScreens(page);
    await inventory.open();
    await expect(inventory.row('Linen Shirt')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await inventory.content.getByRole('button', { name: 'Add item' }).click();
    await inventory.dialog.getByText('Item with variants', { exact: true }).click();
    await inventory.choose('Attributes that vary', ['Size']);
    await inventory.choose('Size values', ['Small', 'Large']);
    await inventory.dialogSettled();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
    await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();

    await inventory.openItem('Linen Shirt');
    expect(await seriousViolationsWithin(page, '.ant-drawer-section')).toEqual([]);
    await inventory.drawer.getByRole('button', { name: 'Add batch of Small' }).click();
    await inventory.dialogSettled();
    expect(await seriousViolationsWithin(page, '.ant-modal')).toEqual([]);
  });
}
