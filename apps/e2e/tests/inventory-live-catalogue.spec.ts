import { expect, test } from '@playwright/test';
import { InventoryScreens } from './pages/inventory.page';
import { XFrame } from './pages/x-frame.page';
import { chooseOptions } from './support/antd-select';
import { addStaff, registerOwner, signedInContext, createdBy } from './support/session-accounts';

// Two browsers, each loading the inventory remote, on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

// Issue 12, point 2: a rename in the catalogue reaches the items screens open elsewhere, live.

test('a second browser sees a renamed category and a renamed attribute value in its items table without reloading', async ({ page, browser }) => {
  await registerOwner(page.request);
  const post = createdBy(page.request);
  const clothing = (await post('user/category/add', { name: 'Clothing' })).category as { _id: string };
  const size = (await post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).attribute as { values: { _id: string; value: string }[] };
  const large = size.values.find((value) => value.value === 'Large')!;
  await post('user/inventory/add/simple/item', { itemName: 'Linen Shirt', price: '20', categories: [clothing._id], attributes: [large._id] });

  // A colleague of the same business keeps the items screen open in a browser of their own.
  const colleague = await addStaff(page.request, [{ action: ['view:item'], locations: [] }]);
  const context = await signedInContext(browser, colleague.username, colleague.password);
  const theirPage = await context.newPage();
  const theirs = new InventoryScreens(theirPage);
  await theirs.open();
  const shirt = theirs.row('Linen Shirt');
  await expect(shirt).toContainText('Clothing');
  await expect(shirt).toContainText('Size: Large');
  await new XFrame(theirPage).waitForLiveSession();
  // Marks this very document: a reload or a navigation would lose the mark.
  await theirPage.evaluate(() => Object.assign(window, { stockbookNotReloaded: true }));

  // The owner renames the category on the categories screen...
  const inventory = new InventoryScreens(page);
  await page.goto('/x/inventory/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories', exact: true })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('tree', { name: 'Categories' }).getByRole('button', { name: 'Edit category Clothing' }).click();
  await inventory.dialogSettled();
  await inventory.dialog.getByLabel('Name').fill('Menswear');
  await inventory.dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

  // ...and the colleague's table shows the new name. (Soft: the value half below is still
  // checked when this fails; a value rename reloads items, so this check must come first.)
  await expect.soft(shirt).toContainText('Menswear');
  await expect.soft(shirt).not.toContainText('Clothing');

  // The owner renames the value Large on the attributes screen...
  await page.getByRole('navigation', { name: 'Inventory' }).getByRole('link', { name: 'Attributes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Attributes', exact: true })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Size' }).getByRole('button', { name: 'Rename a value of Size' }).click();
  await inventory.dialogSettled();
  await chooseOptions(inventory.dialog.getByRole('combobox', { name: 'Value' }), 'Large');
  await inventory.dialog.getByLabel('New text').fill('Extra Large');
  await inventory.dialog.getByRole('button', { name: 'Rename value' }).click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);

  // ...and the colleague's table shows the new value, in the same document.
  await expect(shirt).toContainText('Size: Extra Large');
  expect(await theirPage.evaluate(() => (window as Window & { stockbookNotReloaded?: boolean }).stockbookNotReloaded)).toBe(true);
  await context.close();
});
