import { expect, test, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { ImportDialog, InventoryScreens } from './pages/inventory.page';
import { addLocation, listLocations, registerOwner, createdBy } from './support/session-accounts';

// The import dialog as a person uses it: the preview, the choice for rows already present, the
// report. What each line does is the API's rule (inventory-import.e2e-spec); here, that the dialog
// shows it. Each test: one cold load of the inventory remote (its antd) on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });
const FIRST_RENDER = 45_000;

/** A small inventory made through the API: Green Tea 30 + 7 at two locations, a Linen Shirt variant with 13, an empty jar. */
async function shop(page: Page) {
  await registerOwner(page.request);
  const [main] = await listLocations(page.request);
  const branch = await addLocation(page.request, 'Harbour Branch');
  const post = createdBy(page.request);
  const supplier = (await post('user/supplier/add', { name: 'Leaf Co' })).supplier;
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).attribute;
  await post('user/category/add', { name: 'Clothing' });
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '3.5' })).item as Item;
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main!._id, supplierID: supplier._id, quantity: '30', cost: '1.25' });
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: branch._id, quantity: '7', cost: '1.4' });
  const shirt = (
    await post('user/inventory/variant/item', {
      itemName: 'Linen Shirt',
      variants: size.values.map((value: { _id: string }) => ({ attributes: [value._id], price: '20' })),
    })
  ).item as Item;
  await post('user/inventory/add/batch', { itemID: shirt.subItems[0]!._id, locationID: branch._id, quantity: '13', cost: '8' });
  await post('user/inventory/add/simple/item', { itemName: 'Empty Jar', price: '1' });
  return { main: main!, branch };
}

/** Stock on hand per item, as the list answers. */
async function stock(page: Page): Promise<Record<string, string>> {
  const answer = await page.request.get('/api/v1/user/inventory/list?limit=50');
  const { items } = (await answer.json()) as { items: Item[] };
  return Object.fromEntries(items.map((item) => [item.itemName, item.totalQuantity]));
}

/** A row's On hand cell, found by its column's header (the columns move with the layout). */
const onHand = (inventory: InventoryScreens, name: string) => inventory.cell(inventory.row(name), 'On hand');

test('re-importing an export changes nothing by default; "Add again" adds every batch once more', async ({ page }) => {
  await shop(page);
  const inventory = new InventoryScreens(page);
  await inventory.open('/x/inventory', FIRST_RENDER);
  await expect(inventory.row('Green Tea')).toBeVisible();
  const before = await stock(page);
  expect(before).toEqual({ 'Empty Jar': '0.000', 'Green Tea': '37.000', 'Linen Shirt': '13.000' });
  const csv = await ImportDialog.exportCsv(inventory);

  // The preview: every line is already here; nothing is written until Confirm.
  const importing = new ImportDialog(page);
  await importing.open(inventory, csv);
  await expect(importing.dialog.getByRole('table', { name: 'Import preview' })).toBeVisible();
  await expect(importing.dialog.getByRole('radio', { name: 'Skip (default)' })).toBeChecked();
  const lines = await importing.rows().count();
  expect(lines).toBe(5); // Green Tea's two batches, both shirt variants (one with none), the empty jar
  expect(await importing.outcomes()).toEqual(Array(lines).fill('Already present'));
  await expect(importing.status).toContainText(`Preview of 5 lines: 5 already present.`);
  await importing.confirm();
  await expect(importing.dialog.getByRole('status')).toContainText('0 imported, 5 already present (skipped), 0 refused.');
  await importing.done();
  expect(await stock(page)).toEqual(before);
  await expect(await onHand(inventory, 'Green Tea')).toHaveText('37');
  await expect(await onHand(inventory, 'Linen Shirt')).toHaveText('13');

  // The same file with "Add again": the three batches are new batches, the lines without one stay as they are.
  await importing.open(inventory, csv);
  await importing.existing('Add again');
  expect(await importing.outcomes()).toEqual(['Already present', 'New batch', 'New batch', 'New batch', 'Already present']);
  await expect(importing.status).toContainText('3 new batches, 2 already present');
  expect(await stock(page)).toEqual(before); // the preview wrote nothing
  await importing.confirm();
  await expect(importing.dialog.locator('.ant-alert-success')).toContainText('3 imported, 2 already present (skipped), 0 refused.');
  await importing.done();
  await expect(await onHand(inventory, 'Green Tea')).toHaveText('74');
  await expect(await onHand(inventory, 'Linen Shirt')).toHaveText('26');
  expect(await stock(page)).toEqual({ 'Empty Jar': '0.000', 'Green Tea': '74.000', 'Linen Shirt': '26.000' });
});

const header = 'Item name,Variant,Categories,Price,Reorder level,Location,Supplier,Quantity,Cost,Date added';

test('a file with good lines and a refused one: the preview lists each of its problems and what it will create; the good lines land, the partial result is a warning, not a red failure, the report says why; export gives back what the table shows', async ({ page }) => {
  await shop(page);
  const inventory = new InventoryScreens(page);
  await inventory.open('/x/inventory', FIRST_RENDER);
  const importing = new ImportDialog(page);
  await importing.open(
    inventory,
    [
      header,
      'Oat Milk,,Clothing,2.40,3,High Street,Leaf Co,12,1.10,2026-11-01',
      'Oat Milk,,,,,Harbour Branch,,6,1.30,',
      'Wool Socks,Size: Large,Clothing,9,,High Street,,5,4,',
      'Kite,Fit: Slim,Toys > Outdoor,12,,High Street,,2,5,',
      'Ghost Tea,,Toys,1,,Nowhere,,ten,1,',
    ].join('\n'),
    'stock.csv',
  );
  // The preview: nothing is imported until Confirm; what the file names and the shop has not got
  // is created with it (the choice is on), and the refused line lists every problem it has.
  const creates = 'It will also create 2 categories (Toys, Toys > Outdoor), 1 attribute (Fit) and 1 value (Fit: Slim).';
  await expect(importing.status).toContainText(creates);
  const outcomes = await importing.outcomes();
  expect(outcomes).toHaveLength(5);
  expect(outcomes.slice(0, 4)).not.toContain('Refused');
  expect(outcomes[4]).toBe('Refused');
  await expect(importing.rows().nth(4).getByRole('listitem')).toHaveText(['Quantity must be a number of at least 0 with at most 3 decimals.', 'No location named "Nowhere".']);
  // Without the choice the new names refuse their lines; with it again, the preview is as before.
  const createMissing = importing.dialog.getByRole('checkbox', { name: /Create the categories, attributes and values/ });
  await createMissing.uncheck();
  await expect(importing.rows().nth(3)).toContainText('No category named "Toys > Outdoor". Add it first, fix the name, or let the import create what is missing.');
  await expect(importing.status).not.toContainText('It will also create');
  await createMissing.check();
  await expect(importing.status).toContainText(creates);
  await importing.confirm();
  const result = importing.dialog.locator('.ant-alert');
  await expect(result).toContainText('4 imported, 1 refused.');
  await expect(result).toContainText('Created 2 categories (Toys, Toys > Outdoor), 1 attribute (Fit) and 1 value (Fit: Slim).');
  await expect(result).toHaveClass(/ant-alert-warning/);
  await expect(importing.dialog.locator('.ant-alert-error, .ant-progress-status-exception')).toHaveCount(0);
  const refused = importing.dialog.getByRole('table', { name: 'Import report' }).getByRole('row').filter({ hasText: 'Refused' });
  await expect(refused).toContainText('Nowhere');
  await expect(refused.getByRole('cell').first()).toHaveText('6');
  await importing.done();

  await expect(await onHand(inventory, 'Oat Milk')).toHaveText('18');
  await expect(inventory.row('Wool Socks')).toBeVisible();
  await expect(inventory.row('Kite')).toBeVisible();
  await expect(inventory.table.getByRole('link', { name: 'Ghost Tea' })).toHaveCount(0);
  const csv = await ImportDialog.exportCsv(inventory);
  expect(csv).toContain(header);
  expect(csv).toContain('Oat Milk,,Clothing,2.40,3,High Street,Leaf Co,12,1.10,2026-11-01');
  expect(csv).toContain('Wool Socks,Size: Large,Clothing,9.00');
});

test("a new shop's template imports as downloaded; Import another file starts over; a file with nothing to import offers no Confirm (issue 24)", async ({ page }) => {
  await registerOwner(page.request);
  const post = createdBy(page.request);
  await post('user/category/add', { name: 'Toys' });
  await post('user/attribute/add', { name: 'Colour', values: ['Red'] });
  const inventory = new InventoryScreens(page);
  // Opened the way the command palette's Import CSV opens it.
  await inventory.open('/x/inventory?do=import-items', FIRST_RENDER);
  const importing = new ImportDialog(page);
  await expect(importing.dialog).toBeVisible();

  const download = page.waitForEvent('download');
  await importing.dialog.getByRole('button', { name: 'Download a template' }).click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  const template = Buffer.concat(chunks).toString('utf8');
  expect(template).toContain('High Street');
  expect(template).toContain('Colour: Red');
  await importing.choose(template, 'inventory-template.csv');
  await importing.dialog.getByRole('button', { name: 'Confirm import' }).click();
  await expect(importing.dialog.locator('.ant-alert-success')).toContainText('2 imported, 0 refused.');

  await importing.dialog.getByRole('button', { name: 'Import another file' }).click();
  await expect(importing.dialog.getByRole('button', { name: 'Download a template' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await importing.dialog.getByRole('button', { name: 'Choose a CSV file' }).click();
  const nowhere = template.split('\n').slice(0, 2).join('\n').replace('High Street', 'Nowhere');
  await (await chooser).setFiles({ name: 'nowhere.csv', mimeType: 'text/csv', buffer: Buffer.from(nowhere, 'utf8') });
  await expect(importing.status).toContainText('Preview of');
  await expect(importing.dialog.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
});
