import { expect, test, type Page } from '@playwright/test';
import type { Item } from '@stockbook/contracts';
import { InventoryScreens } from './pages/inventory.page';
import { chooseOptions } from './support/antd-select';
import { addLocation, createdBy, listLocations, registerOwner } from './support/session-accounts';

// Issue 13, point 1: the header's location is the app's working location; the items screen follows it.

test.describe.configure({ timeout: 90_000 });

/** A shop with two locations and Tea in stock at both: 10 at 2.00 on High Street, 4 at 5.00 on Harbour Branch. */
async function twoLocationShop(page: Page) {
  await registerOwner(page.request);
  const [main] = await listLocations(page.request);
  const branch = await addLocation(page.request, 'Harbour Branch');
  const post = createdBy(page.request);
  const tea = (await post('user/inventory/add/simple/item', { itemName: 'Assam Tea', price: '6' })).item as Item;
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: main!._id, quantity: '10', cost: '2' });
  await post('user/inventory/add/batch', { itemID: tea._id, locationID: branch._id, quantity: '4', cost: '5' });
  return { main: main!, branch, tea };
}

test("the header's location drives the items screen: its filter, the row's on hand, average cost and value, and a new batch's location; it is kept across a reload, and a link carrying ?location= makes that location the working one", async ({ page }) => {
  const { branch, tea } = await twoLocationShop(page);
  const inventory = new InventoryScreens(page);
  await inventory.open();
  const row = inventory.row('Assam Tea');

  // All locations: 14 on hand, worth 20 + 20 = 40.00, average 40 / 14.
  await expect(inventory.headerLocationShown).toContainText('All locations');
  await expect(inventory.locationFilterShown).toContainText('All locations');
  await expect(await inventory.cell(row, 'On hand')).toHaveText('14');
  await expect(await inventory.cell(row, 'Value')).toHaveText('£40.00');

  // The header chooses High Street: the screen follows without a reload.
  await chooseOptions(inventory.headerLocation, 'High Street');
  await expect(inventory.locationFilterShown).toContainText('High Street');
  await expect(await inventory.cell(row, 'On hand')).toHaveText('10');
  await expect(await inventory.cell(row, 'Average cost')).toHaveText('£2.00');
  await expect(await inventory.cell(row, 'Value')).toHaveText('£20.00');
  await expect(inventory.table.getByRole('columnheader', { name: 'Harbour Branch' })).toHaveCount(0);

  // Choosing on the screen chooses in the header too: one choice.
  await chooseOptions(inventory.locationFilter, 'Harbour Branch');
  await expect(inventory.headerLocationShown).toContainText('Harbour Branch');
  await expect(await inventory.cell(row, 'On hand')).toHaveText('4');
  await expect(await inventory.cell(row, 'Average cost')).toHaveText('£5.00');
  await expect(await inventory.cell(row, 'Value')).toHaveText('£20.00');

  // A new batch starts at the working location.
  await inventory.openItem('Assam Tea');
  await inventory.drawer.getByRole('button', { name: 'Add batch' }).click();
  await expect(inventory.dialog.getByTestId('batch-location')).toContainText('Harbour Branch');
  await inventory.dialog.getByRole('button', { name: 'Cancel' }).click();

  // It is kept across a reload, as the header's choice is.
  await page.goto(`/x/inventory/items/${tea._id}`);
  await expect(inventory.locationFilterShown).toContainText('Harbour Branch', { timeout: 25_000 });
  await inventory.drawer.getByRole('button', { name: 'Close' }).click();

  // All locations stays a choice for an owner, from the screen as from the header.
  await inventory.locationFilterShown.hover();
  await inventory.locationFilterShown.locator('.ant-select-clear').click();
  await expect(inventory.headerLocationShown).toContainText('All locations');
  await expect(await inventory.cell(row, 'On hand')).toHaveText('14');

  // A link from elsewhere (a page load) carrying ?location=: that location becomes the working one.
  await inventory.open(`/x/inventory?location=${branch._id}`);
  await expect(inventory.headerLocationShown).toContainText('Harbour Branch');
  await expect(await inventory.cell(inventory.row('Assam Tea'), 'On hand')).toHaveText('4');
  await expect(page).not.toHaveURL(/location=/);
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the header chooses the working location, and an item and its batch are added there', async ({ page }) => {
    const { main } = await twoLocationShop(page);
    const inventory = new InventoryScreens(page);
    await inventory.open();

    // The header's selector fits the phone's header and chooses for the whole app.
    await expect(inventory.headerLocationShown).toBeInViewport();
    await chooseOptions(inventory.headerLocation, 'High Street');
    await expect(inventory.locationFilterShown).toContainText('High Street');
    await expect(await inventory.cell(inventory.row('Assam Tea'), 'On hand')).toHaveText('10');

    // A new item (its drawer opens), then a batch of it: the batch form starts at the working location.
    await inventory.content.getByRole('button', { name: 'Add item' }).click();
    await inventory.dialogSettled();
    await inventory.addSimpleItem({ name: 'Ceylon Tea', price: '4' });
    await expect(inventory.drawer.getByText('Ceylon Tea', { exact: true }).first()).toBeVisible();
    await inventory.drawer.getByRole('button', { name: 'Add batch' }).click();
    await inventory.dialogSettled();
    await expect(inventory.dialog.getByTestId('batch-location')).toContainText(main.name);
    await inventory.dialog.getByLabel('Quantity').fill('3');
    await inventory.dialog.getByLabel('Cost per unit').fill('1.50');
    await inventory.dialog.getByRole('button', { name: 'Add batch' }).click();
    await expect(inventory.toast('Batch of Ceylon Tea added')).toBeVisible();
    await inventory.drawer.getByRole('button', { name: 'Close' }).click();
    await expect(await inventory.cell(inventory.row('Ceylon Tea'), 'On hand')).toHaveText('3');

    // The search box works at this width (what it finds is item-codes.e2e-spec's), and the page never scrolls sideways.
    await page.getByRole('searchbox', { name: 'Search items' }).fill('ceylon');
    await expect(inventory.table.getByRole('link', { name: /Tea/ })).toHaveText(['Ceylon Tea']);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
