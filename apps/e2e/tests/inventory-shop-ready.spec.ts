import { expect, test, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { ImportDialog, InventoryScreens } from './pages/inventory.page';
import { chooseOptions, selectNamed } from './support/antd-select';
import { addStaff, createdBy, listLocations, registerOwner, signedInContext } from './support/session-accounts';

// Issue 13, points 5 (an empty inventory) and 6 (inventory as shops expect it), on the items screens.

test.describe.configure({ timeout: 90_000 });

async function owner(page: Page) {
  await registerOwner(page.request);
  const [main] = await listLocations(page.request);
  return { main: main!, post: createdBy(page.request) };
}

test('an empty inventory offers Add your first item and Import CSV; filters that match nothing say No items match.', async ({ page }) => {
  await owner(page);
  const inventory = new InventoryScreens(page);
  await inventory.open();
  await expect(inventory.content.getByText('No items match.')).toHaveCount(0);

  await inventory.content.getByRole('button', { name: 'Add your first item' }).click();
  await expect(inventory.dialog.getByText('Add an item', { exact: true })).toBeVisible();
  await inventory.addSimpleItem({ name: 'First Thing', price: '1' });
  await inventory.drawer.getByRole('button', { name: 'Close' }).click();
  await expect(inventory.row('First Thing')).toBeVisible();
  await expect(inventory.content.getByRole('button', { name: 'Add your first item' })).toHaveCount(0);

  // Filters that match nothing are not an empty inventory.
  await page.getByRole('searchbox', { name: 'Search items' }).fill('zzz');
  await expect(inventory.content.getByText('No items match.')).toBeVisible();
  await expect(inventory.content.getByRole('button', { name: 'Add your first item' })).toHaveCount(0);

  await expect(inventory.content.getByRole('button', { name: 'Import CSV' })).toHaveCount(1);
});

test("an empty inventory's Import CSV imports a file", async ({ page }) => {
  await owner(page);
  const inventory = new InventoryScreens(page);
  await inventory.open();
  // The header's Import CSV gives way to the empty state's, so there is one.
  await expect(inventory.content.getByRole('button', { name: 'Add your first item' })).toBeVisible();
  const importing = new ImportDialog(page);
  await importing.open(inventory, ['Item name,Price,Location,Quantity,Cost', 'Rooibos Tea,3,High Street,5,1'].join('\n'));
  await importing.confirm();
  await importing.done();
  await expect(inventory.row('Rooibos Tea')).toContainText('5');
  await expect(inventory.content.getByRole('button', { name: 'Add your first item' })).toHaveCount(0);
});

test('SKU, barcode and unit: entered in the form, shown in the drawer, found by search (a scanned barcode finds its item) and exported', async ({ page }) => {
  const { main, post } = await owner(page);
  await post('user/inventory/add/simple/item', { itemName: 'Oolong Tea', price: '4' });
  const inventory = new InventoryScreens(page);
  await inventory.open();

  await inventory.content.getByRole('button', { name: 'Add item' }).click();
  await inventory.addSimpleItem({ name: 'Sencha Tea', price: '5', sku: 'TEA-SEN-01', barcode: '5012345678900', unit: 'box' });
  const summary = inventory.drawer.locator('.ant-descriptions');
  await expect(summary.getByRole('row').filter({ hasText: 'SKU' })).toContainText('TEA-SEN-01');
  await expect(summary.getByRole('row').filter({ hasText: 'Barcode' })).toContainText('5012345678900');
  await expect(summary.getByRole('row').filter({ hasText: 'Unit' })).toContainText('box');
  await inventory.drawer.getByRole('button', { name: 'Close' }).click();

  const names = inventory.table.getByRole('link', { name: /Tea$/ });
  await expect(names).toHaveCount(2);
  // A scanner types the barcode and presses Enter.
  const search = page.getByRole('searchbox', { name: 'Search items' });
  await search.fill('5012345678900');
  await search.press('Enter');
  await expect(names).toHaveText(['Sencha Tea']);
  await search.fill('tea-sen');
  await expect(page).toHaveURL(/q=tea-sen/);
  await expect(names).toHaveText(['Sencha Tea']);
  await search.fill('');
  await expect(names).toHaveCount(2);

  const sencha = (await (await page.request.get('/api/v1/user/inventory/list?search=TEA-SEN-01')).json()).items[0] as Item;
  await post('user/inventory/add/batch', { itemID: sencha._id, locationID: main._id, quantity: '3', cost: '2' });
  const csv = await ImportDialog.exportCsv(inventory);
  expect(csv.split('\n')[0]).toContain('Date added,SKU,Barcode,Unit');
  expect(csv).toContain('Sencha Tea,,,5.0000,,High Street,,3,2.0000,');
  expect(csv).toMatch(/Sencha Tea,.*,TEA-SEN-01,5012345678900,box/);
});

test('variants: listed in value order; Add variant offers only missing combinations and adds a new value; its error clears once a value is chosen', async ({ page }) => {
  const { post } = await owner(page);
  const size = (await post('user/attribute/add', { name: 'Size', values: ['S', 'M', 'L'] })).attribute as { values: { _id: string; value: string }[] };
  const byName = Object.fromEntries(size.values.map((value) => [value.value, value._id]));
  const shirt = (
    await post('user/inventory/variant/item', {
      itemName: 'Polo Shirt',
      variants: [
        { attributes: [byName.L], price: '20' },
        { attributes: [byName.S], price: '18' },
      ],
    })
  ).item as Item;
  const inventory = new InventoryScreens(page);
  await inventory.open(`/x/inventory/items/${shirt._id}`);

  const variants = inventory.drawer.getByRole('region', { name: 'Variants' }).locator('tbody tr.ant-table-row');
  await expect(variants).toHaveCount(2);
  await expect(variants.nth(0)).toContainText('S');
  await expect(variants.nth(1)).toContainText('L');

  await inventory.drawer.getByRole('button', { name: 'Add variant' }).click();
  await inventory.dialogSettled();
  await inventory.dialog.getByLabel('Price', { exact: true }).fill('19');
  await inventory.dialog.getByRole('button', { name: 'Add variant' }).click();
  const sizeField = inventory.dialog.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Size' }) });
  await expect(sizeField).toContainText('Choose at least one attribute value.');

  // Only M is left of S, M, L.
  const select = selectNamed(inventory.dialog, 'Size');
  await select.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['M']);
  await options.first().click();
  await expect(sizeField).not.toContainText('Choose at least one attribute value.');

  // A new value, typed there, is added to the attribute and to the item.
  await select.click();
  await select.fill('XL');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Add Size "XL"' }).click();
  await inventory.dialog.getByRole('button', { name: 'Add variant' }).click();
  await expect(inventory.toast('Variant added to Polo Shirt')).toBeVisible();
  await expect(variants).toHaveCount(3);
  await expect(variants.nth(2)).toContainText('XL');
  const attributes = (await (await page.request.get('/api/v1/user/attribute/list')).json()) as { attributes: { name: string; values: { value: string }[] }[] };
  expect(attributes.attributes.find((attribute) => attribute.name === 'Size')?.values.map((value) => value.value)).toEqual(['S', 'M', 'L', 'XL']);
});

test("two values of one attribute are refused in the item form; Esc in the attribute's tag input keeps the dialog open", async ({ page }) => {
  const { post } = await owner(page);
  await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] });
  const inventory = new InventoryScreens(page);
  await inventory.open();
  await inventory.content.getByRole('button', { name: 'Add item' }).click();
  await inventory.dialog.getByLabel('Item name').fill('Cap');
  await inventory.dialog.getByLabel('Price', { exact: true }).fill('3');
  await chooseOptions(selectNamed(inventory.dialog, 'Attributes'), ['Size: Small', 'Size: Large']);
  await expect(inventory.dialog.getByText('Choose one value of Size, not Small and Large.')).toBeVisible();
  await inventory.dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(inventory.dialog).toBeVisible();
  await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('navigation', { name: 'Inventory' }).getByRole('link', { name: 'Attributes' }).click();
  await inventory.content.getByRole('button', { name: 'Add attribute' }).click();
  await inventory.dialogSettled();
  await inventory.dialog.getByLabel('Name', { exact: true }).fill('Colour');
  const values = selectNamed(inventory.dialog, 'Values');
  await values.fill('Red');
  await values.press('Enter');
  await values.fill('Bl');
  await values.press('Escape');
  await expect(inventory.dialog).toBeVisible();
  await expect(inventory.dialog).toContainText('Red');
});

test('a batch: more than 0 in the form; editing it cannot move it (a transfer does); a variant item says which variants are low', async ({ page }) => {
  const { main, post } = await owner(page);
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).attribute as { values: { _id: string }[] };
  const shirt = (
    await post('user/inventory/variant/item', {
      itemName: 'Linen Shirt',
      variants: size.values.map((value) => ({ attributes: [value._id], price: '20', reorderLevel: '2' })),
    })
  ).item as Item;
  await post('user/inventory/add/batch', { itemID: shirt.subItems[0]!._id, locationID: main._id, quantity: '1', cost: '9' });
  await post('user/inventory/add/batch', { itemID: shirt.subItems[1]!._id, locationID: main._id, quantity: '5', cost: '9' });
  const inventory = new InventoryScreens(page);
  await inventory.open();
  await expect(inventory.row('Linen Shirt').getByText('Low stock: Small', { exact: true })).toBeVisible();

  await inventory.openItem('Linen Shirt');
  await inventory.drawer.getByRole('button', { name: 'Add batch of Large' }).click();
  // Said by the form itself: nothing is sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/user/inventory/add/batch')) sent.push(request.url());
  });
  await inventory.dialog.getByLabel('Quantity').fill('0');
  await inventory.dialog.getByLabel('Cost per unit').fill('1');
  await inventory.dialog.getByRole('button', { name: 'Add batch' }).click();
  await expect(inventory.dialog.getByText('Quantity must be more than 0.')).toBeVisible();
  expect(sent).toEqual([]);
  await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();

  await inventory.drawerRow('Batches', 'Small').getByRole('button', { name: 'Edit batch' }).click();
  await expect(selectNamed(inventory.dialog, 'Location')).toBeDisabled();
  await expect(inventory.dialog.getByText('moving stock to another location is a transfer')).toBeVisible();
});

test('staff without the cost permission see no costs, and view-only staff no empty Actions column', async ({ page, browser }) => {
  const { main, post } = await owner(page);
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small'] })).attribute as { values: { _id: string }[] };
  const shirt = (await post('user/inventory/variant/item', { itemName: 'Wool Shirt', variants: [{ attributes: [size.values[0]!._id], price: '30' }] })).item as Item;
  await post('user/inventory/add/batch', { itemID: shirt.subItems[0]!._id, locationID: main._id, quantity: '2', cost: '12' });
  const viewer = await addStaff(page.request, [{ action: ['view:item'], locations: [main._id] }]);
  const context = await signedInContext(browser, viewer.username, viewer.password);
  const inventory = new InventoryScreens(await context.newPage());
  await inventory.open();
  await expect(inventory.row('Wool Shirt')).toContainText('2');
  for (const header of ['Average cost', 'Value']) await expect(inventory.table.getByRole('columnheader', { name: header })).toHaveCount(0);
  await expect(inventory.row('Wool Shirt')).not.toContainText('£24.00');

  await inventory.openItem('Wool Shirt');
  for (const section of ['Stock by location', 'Variants', 'Batches']) {
    const table = inventory.drawer.getByRole('region', { name: section });
    await expect(table.getByRole('columnheader').first()).toBeVisible();
    for (const header of ['Average cost', 'Value', 'Cost', 'Actions']) await expect(table.getByRole('columnheader', { name: header, exact: true })).toHaveCount(0);
  }
  await expect(inventory.drawer.locator('.ant-descriptions')).not.toContainText('Average cost');
  await context.close();

  // With the permission (and an action), they are back.
  const costing = await addStaff(page.request, [{ action: ['view:item', 'view:cost', 'update:batch'], locations: [main._id] }]);
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
