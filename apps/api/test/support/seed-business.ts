import { DataSource } from 'typeorm';
import { addStaff, registerBusiness, unique, type Caller } from './accounts';
import type { IdKind } from './openapi-cases';
import type { TestApi } from './test-api';

/** A business with one of each kind of record, every name carrying the business's own tag. */
export interface SeededBusiness {
  owner: Caller & { locationId: string };
  staff: Caller;
  businessId: string;
  /** One id per kind (the suites' id fields are filled from here). */
  ids: Record<IdKind, string>;
  /** Every id and every name seeded: none may show in another business's answers. */
  secrets: string[];
}

// The seeded answers are read loosely: the suites only need their ids.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function created(response: Promise<{ statusCode: number; body: string; json(): unknown }>, what: string): Promise<any> {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`seed ${what}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

/**
 * Signs up a business and adds a location, two categories, an attribute with two values, a supplier,
 * a simple item with a batch, a variant item with a variant, a customer, an invoice on credit, a pending transfer, an expense, a staff user, an open staff invitation and a message.
 */
export async function seedBusiness(api: TestApi, label: string): Promise<SeededBusiness> {
  const tag = `${label}${unique()}`;
  const owner = await registerBusiness(api, {
    businessName: `Shop ${tag}`,
    firstName: `Owner${tag}`,
    lastName: `Last${tag}`,
    username: `owner_${tag}`,
    email: `owner.${tag}@example.com`,
  });
  const location = (await created(owner.post('user/location', { name: `Store ${tag}`, address: `Road ${tag}` }), 'location')).location;
  const category = (await created(owner.post('user/category/add', { name: `Category ${tag}` }), 'category')).category;
  const parentCategory = (await created(owner.post('user/category/add', { name: `Parent ${tag}` }), 'category')).category;
  const attribute = (await created(owner.post('user/attribute/add', { name: `Size ${tag}`, values: [`Small ${tag}`, `Large ${tag}`] }), 'attribute')).attribute;
  const supplier = (await created(owner.post('user/supplier/add', { name: `Supplier ${tag}` }), 'supplier')).supplier;
  const simple = (await created(owner.post('user/inventory/add/simple/item', { itemName: `Tea ${tag}`, price: '10', categories: [category._id] }), 'item')).item;
  const withBatch = (
    await created(owner.post('user/inventory/add/batch', { itemID: simple._id, locationID: location._id, quantity: '5', cost: '4', supplierID: supplier._id }), 'batch')
  ).item;
  const variantItem = (
    await created(
      owner.post('user/inventory/variant/item', { itemName: `Shirt ${tag}`, categories: [category._id], variants: [{ attributes: [attribute.values[0]._id], price: '20' }] }),
      'variant item',
    )
  ).item;
  const customer = (await created(owner.post('user/customer', { firstName: `Customer ${tag}`, email: `customer.${tag}@example.com` }), 'customer')).customer;
  // On credit (10 of 30 paid) with 3 sold: room for a payment, a refund and a cancellation. It sells
  // an item of its own, so the seeded item and batch keep their figures (and the batch stays deletable).
  const sold = (await created(owner.post('user/inventory/add/simple/item', { itemName: `Coffee ${tag}`, price: '10' }), 'item')).item;
  await created(owner.post('user/inventory/add/batch', { itemID: sold._id, locationID: location._id, quantity: '10', cost: '2' }), 'batch');
  const invoice = (
    await created(
      owner.post('user/invoice', {
        locationID: location._id,
        customer: customer._id,
        items: [{ itemID: sold._id, quantity: '3' }],
        paymentMethod: 'Cash',
        paidAmount: '10',
        paymentDueDate: '2030-01-01T00:00:00Z',
      }),
      'invoice',
    )
  ).invoice;
  // A pending transfer of 1 of the invoice's item (the seeded Tea keeps its figures).
  const transfer = (
    await created(owner.post('user/transfer', { itemID: sold._id, sourceLocationID: location._id, destinationLocationID: owner.locationId, transferQuantity: '1' }), 'transfer')
  ).transfer;
  const expense = (await created(owner.post('user/expense', { locationID: location._id, amount: '3', category: 'Other', description: `Expense ${tag}` }), 'expense')).expense;
  const staff = await addStaff(api, owner, [{ action: ['view:item'], locations: [location._id] }]);
  const message = (await created(owner.post('user/message', { to: staff.user._id, subject: `Subject ${tag}`, body: `Body ${tag}` }), 'message')).message;
  const invitation = (
    await created(owner.post('user/admin/invitations', { firstName: `Invited ${tag}`, lastName: `Last ${tag}`, email: `invited.${tag}@example.com` }), 'invitation')
  ).invitation;
  const taxRate = (await created(owner.post('user/tax-rate', { name: `Tax ${tag}`, rate: '7.5' }), 'tax rate')).taxRate;
  const [business] = await api.api.app.get(DataSource).query(`SELECT business_id FROM users WHERE id = $1`, [owner.user._id]);

  const ids: Record<IdKind, string> = {
    item: simple._id,
    variantParent: variantItem._id,
    variant: variantItem.subItems[0]._id,
    batch: withBatch.batches[0]._id,
    location: location._id,
    category: category._id,
    // A second category, where a request names a category and a parent.
    parentCategory: parentCategory._id,
    attribute: attribute._id,
    attributeValue: attribute.values[1]._id,
    supplier: supplier._id,
    user: staff.user._id,
    message: message._id,
    customer: customer._id,
    invoice: invoice._id,
    line: invoice.items[0]._id,
    mainLocation: owner.locationId,
    transfer: transfer._id,
    expense: expense._id,
    taxRate: taxRate._id,
    invitation: invitation._id,
  };
  const secrets = [
    tag,
    staff.user.username,
    staff.user.email,
    business.business_id,
    owner.user._id,
    owner.locationId,
    attribute.values[0]._id,
    invoice.link,
    ...Object.values(ids),
  ];
  return { owner, staff, businessId: business.business_id, ids, secrets: [...new Set(secrets)] };
}
