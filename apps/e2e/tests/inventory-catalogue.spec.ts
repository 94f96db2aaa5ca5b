import { expect, test } from '@playwright/test';
import { InventoryScreens } from './pages/inventory.page';
import { chooseOptions } from './support/antd-select';
import { registerOwner } from './support/session-accounts';

// The catalogue screens of the inventory remote (categories, attributes, suppliers) as an owner
// uses them, one after the other through the section's tabs. Their rules (a cycle, a duplicate
// name, a parent or an attribute in use refused with 409, the forced delete) are catalogue.e2e-spec's.

// One flow over three screens and their forms, after one cold load of the inventory remote.
test.describe.configure({ timeout: 90_000 });

async function openScreen(inventory: InventoryScreens, path: string, heading: string) {
  await inventory.page.goto(path);
  await expect(inventory.page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 25_000 });
}

test('the catalogue screens: a category tree (add at the top and under a parent, move to the top and back, a parent not deleted and why, a leaf deleted); attributes (add with values, add and rename values, delete one in use from every item); suppliers (a bad e-mail on its field, add, edit, delete)', async ({ page }) => {
  await registerOwner(page.request);
  const inventory = new InventoryScreens(page);
  await openScreen(inventory, '/x/inventory/categories', 'Categories');
  const tabs = page.getByRole('navigation', { name: 'Inventory' });

  // Categories.
  const tree = page.getByRole('tree', { name: 'Categories' });

  await page.getByRole('button', { name: 'Add category' }).click();
  await inventory.dialog.getByLabel('Name').fill('Clothing');
  await inventory.dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(inventory.toast('Clothing added')).toBeVisible();

  await tree.getByRole('button', { name: 'Add a category under Clothing' }).click();
  await inventory.dialog.getByLabel('Name').fill('Shirts');
  await inventory.dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(inventory.toast('Shirts added')).toBeVisible();
  // Shirts sits under Clothing: one indent deeper in the tree.
  const depth = (name: string) => tree.locator('.ant-tree-treenode').filter({ hasText: name }).last().locator('.ant-tree-indent-unit');
  await expect(depth('Shirts')).toHaveCount(1);

  // Move Shirts to the top, then back under Clothing.
  await tree.getByRole('button', { name: 'Edit category Shirts' }).click();
  await inventory.dialogSettled();
  // The clear button shows while the pointer is over the field.
  await inventory.dialog.locator('.ant-select').hover();
  await inventory.dialog.locator('.ant-select-clear').click();
  await expect(inventory.dialog.getByText('None: a top-level category')).toBeVisible();
  await inventory.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(depth('Shirts')).toHaveCount(0);
  await tree.getByRole('button', { name: 'Edit category Shirts' }).click();
  await inventory.dialogSettled();
  await chooseOptions(inventory.dialog.getByRole('combobox', { name: 'Parent category' }), 'Clothing');
  await inventory.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(depth('Shirts')).toHaveCount(1);

  // A parent with children is not deleted, and says why.
  await tree.getByRole('button', { name: 'Delete category Clothing' }).click();
  await inventory.confirmDialog();
  await expect(page.getByText('Clothing has 1 subcategory: move or delete them first.')).toBeVisible();
  await expect(tree.getByText('Clothing', { exact: true })).toBeVisible();

  // A leaf is.
  await tree.getByRole('button', { name: 'Delete category Shirts' }).click();
  await inventory.confirmDialog();
  await expect(inventory.toast('Shirts deleted')).toBeVisible();
  await expect(tree.getByText('Shirts', { exact: true })).toHaveCount(0);

  // Attributes, from the section's tabs.
  await tabs.getByRole('link', { name: 'Attributes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Attributes', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add attribute' }).click();
  await inventory.dialog.getByLabel('Name').fill('Size');
  const values = inventory.dialog.getByRole('combobox', { name: 'Values' });
  for (const value of ['Small', 'Large']) {
    await values.fill(value);
    await values.press('Enter');
  }
  // The values' dropdown closed first, as a person's click elsewhere closes it: under a full run's
  // load a click on Add attribute while it was still open was once lost.
  await inventory.dialog.getByText('Add an attribute', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await inventory.dialog.getByRole('button', { name: 'Add attribute' }).click();
  await expect(inventory.toast('Size added')).toBeVisible();
  const size = page.getByRole('row').filter({ hasText: 'Size' });
  await expect(size).toContainText('Small');
  await expect(size).toContainText('Large');

  await size.getByRole('button', { name: 'Edit attribute Size' }).click();
  const more = inventory.dialog.getByRole('combobox', { name: 'Add values' });
  await more.fill('Medium');
  await more.press('Enter');
  await inventory.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(size).toContainText('Medium');

  await size.getByRole('button', { name: 'Rename a value of Size' }).click();
  await chooseOptions(inventory.dialog.getByRole('combobox', { name: 'Value' }), 'Large');
  await inventory.dialog.getByLabel('New text').fill('Extra Large');
  await inventory.dialog.getByRole('button', { name: 'Rename value' }).click();
  await expect(size).toContainText('Extra Large');

  // In use by an item: the refusal says so and offers to remove it from every item.
  const attribute = (await (await page.request.get('/api/v1/user/attribute/list')).json()).attributes[0];
  const created = await page.request.post('/api/v1/user/inventory/add/simple/item', { data: { itemName: 'Mug', price: '3', attributes: [attribute.values[0]._id] } });
  expect(created.status()).toBe(201);
  await size.getByRole('button', { name: 'Delete attribute Size' }).click();
  await inventory.confirm();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Size is in use' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete it from every item' }).click();
  await expect(inventory.toast('Size deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Size' })).toHaveCount(0);

  // Suppliers.
  await tabs.getByRole('link', { name: 'Suppliers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add supplier' }).click();
  await inventory.dialog.getByLabel('Name').fill('Leaf Co');
  await inventory.dialog.getByLabel('E-mail').fill('not an address');
  await inventory.dialog.getByRole('button', { name: 'Add supplier' }).click();
  await expect(inventory.dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
  await inventory.dialog.getByLabel('E-mail').fill('orders@leaf.example');
  await inventory.dialog.getByLabel('Contact number').fill('+44 20 7946 0000');
  await inventory.dialog.getByRole('button', { name: 'Add supplier' }).click();
  await expect(inventory.toast('Leaf Co added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Leaf Co' });
  await expect(row).toContainText('orders@leaf.example');
  await expect(row).toContainText('£0.00');

  await row.getByRole('button', { name: 'Edit supplier Leaf Co' }).click();
  await inventory.dialog.getByLabel('Name').fill('Leaf & Co');
  await inventory.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Leaf & Co' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete supplier Leaf & Co' }).click();
  await inventory.confirm();
  await expect(inventory.toast('Leaf & Co deleted')).toBeVisible();
  await expect(page.getByText('No suppliers yet.')).toBeVisible();
});
