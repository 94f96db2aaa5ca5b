import { expect, test } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { ImportDialog, InventoryScreens } from './pages/inventory.page';
import { XFrame } from './pages/x-frame.page';
import { AccessibilitySweep, DESKTOP } from './support/accessibility-sweep';
import { addLocation, createdBy, listLocations, registerOwner } from './support/session-accounts';

/**
 * One accessibility sweep of the inventory remote: the empty inventory, the items screen, an
 * item's drawer, the item, variant and batch forms, the import preview and report, the Add stock
 * dialog, and the
 * catalogue screens with their forms, each judged in both themes at 1440 and at 390 px, inside one page.
 */
test('the inventory screens, the drawer and their dialogs have no serious or critical accessibility violations, in both themes at 1440 and 390 px', async ({ page }) => {
  // About 15 states, each judged four times (two themes, two widths: 0.8 to 1.7 s an axe run),
  // after one cold load of the inventory remote.
  // Under the shared load of five engineers' builds and browsers an axe run took 7 to 10 s.
  test.setTimeout(600_000);
  // Rupees of Sri Lanka ("රු 12.50") and a long item name: the widest amounts and names on a phone.
  await registerOwner(page.request, { currency: 'LKR' });
  const [main] = await listLocations(page.request);
  const post = createdBy(page.request);
  await page.setViewportSize(DESKTOP);
  const sweep = new AccessibilitySweep(page);
  const check = (state: string, within?: string) => sweep.checkAtWidths(state, within);
  const inventory = new InventoryScreens(page);

  await inventory.open();
  await expect(inventory.content.getByRole('button', { name: 'Add your first item' })).toBeVisible();
  await check('the empty inventory');

  // The shop arrives while the screen is open (a live reload): a category tree, attributes, a
  // supplier, a variant item low on one variant with a free combination, and a simple item in stock.
  await new XFrame(page).waitForLiveSession();
  await addLocation(page.request, 'Harbour Branch');
  const clothing = (await post('user/category/add', { name: 'Clothing' })).category as { _id: string };
  await post('user/category/add', { name: 'Shirts', parentCategory: clothing._id });
  const supplier = (await post('user/supplier/add', { name: 'Leaf Co' })).supplier as { _id: string };
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Medium', 'Large'] })).attribute as { values: { _id: string; value: string }[] };
  const value = (name: string) => size.values.find((each) => each.value === name)!._id;
  const shirt = (
    await post('user/inventory/variant/item', {
      itemName: 'Linen Shirt With A Long Name',
      variants: [
        { attributes: [value('Small')], price: '1199.00', reorderLevel: '2' },
        { attributes: [value('Large')], price: '1249.50', reorderLevel: '2' },
      ],
    })
  ).item as Item;
  await post('user/inventory/add/batch', { itemID: shirt.subItems[0]!._id, locationID: main!._id, quantity: '1', cost: '900' });
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Green Tea', price: '350' })).item as Item;
  const today = new Date().toISOString().slice(0, 10);
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main!._id, supplierID: supplier._id, quantity: '30', cost: '125' });
  await expect(inventory.row('Linen Shirt With A Long Name')).toBeVisible();
  await expect(inventory.row('Green Tea')).toBeVisible();
  await check('items');

  // The item form, for an item with variants and its combinations.
  await inventory.content.getByRole('button', { name: 'Add item' }).click();
  await inventory.chooseItemWithVariants();
  await inventory.choose('Attributes that vary', ['Size']);
  await inventory.choose('Size values', ['Small', 'Large']);
  await inventory.dialogSettled();
  await check('items: the Add item dialog with variants', '.ant-modal');
  await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

  // An item's drawer, its batch form, its variant form showing its error.
  await inventory.openItem('Linen Shirt With A Long Name');
  await expect(page.locator('.ant-drawer-content-wrapper')).not.toHaveClass(/motion/);
  await check("an item's drawer", '.ant-drawer-section');
  await inventory.drawer.getByRole('button', { name: 'Add batch of Small' }).click();
  await inventory.dialogSettled();
  await check("the drawer's Add batch dialog", '.ant-modal');
  await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  await inventory.drawer.getByRole('button', { name: 'Add variant' }).click();
  await inventory.dialogSettled();
  await inventory.dialog.getByRole('button', { name: 'Add variant' }).click();
  await expect(inventory.dialog.getByText('Choose at least one attribute value.')).toBeVisible();
  await check("the drawer's Add variant dialog showing its error", '.ant-modal');
  await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  await inventory.drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.ant-drawer-content-wrapper:visible')).toHaveCount(0);

  // The import preview (a line of each kind) and, after "Add again", the report.
  const importing = new ImportDialog(page);
  await importing.open(
    inventory,
    [
      'Item name,Variant,Categories,Price,Reorder level,Location,Supplier,Quantity,Cost,Date added',
      `Green Tea,,,350,,${main!.name},Leaf Co,30,125,${today}`,
      `Jasmine Tea,,,500,,${main!.name},,4,200,`,
      'Linen Shirt With A Long Name,Size: Large,,1249.50,2,,,,,',
      'Ghost,,Toys,,,Nowhere,,1,1,',
    ].join('\n'),
  );
  await inventory.dialogSettled();
  expect(await importing.outcomes()).toEqual(['Already present', 'New item', 'Already present', 'Refused']);
  await check('items: the import preview', '.ant-modal');
  await importing.existing('Add again');
  await importing.confirm();
  await check('items: the import report', '.ant-modal');
  await importing.done();

  // The palette's Add stock: which item, before its batch form.
  await page.keyboard.press('/');
  await page.getByRole('dialog', { name: 'Search and commands' }).getByPlaceholder('Type a command or search...').fill('add stock');
  await page.getByRole('dialog', { name: 'Search and commands' }).getByRole('option', { name: 'Add stock' }).click();
  await inventory.dialogSettled();
  await expect(inventory.dialog).toContainText('Which item is the stock of?');
  await check('items: the Add stock dialog', '.ant-modal');
  await inventory.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

  // The catalogue screens and their forms, through the section's tabs.
  const tabs = page.getByRole('navigation', { name: 'Inventory' });
  for (const [tab, add] of [
    ['Categories', 'Add category'],
    ['Attributes', 'Add attribute'],
    ['Suppliers', 'Add supplier'],
  ] as const) {
    await tabs.getByRole('link', { name: tab, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: tab, exact: true })).toBeVisible();
    await expect(inventory.content.getByText(tab === 'Categories' ? 'Clothing' : tab === 'Attributes' ? 'Size' : 'Leaf Co', { exact: true }).first()).toBeVisible();
    await check(tab.toLowerCase());
    await inventory.content.getByRole('button', { name: add }).click();
    await inventory.dialogSettled();
    await check(`${tab.toLowerCase()}: the ${add} dialog`, '.ant-modal');
    await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  }

  sweep.expectClean();
});


