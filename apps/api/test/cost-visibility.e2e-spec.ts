import { PERMISSION_ACTIONS, type ItemListResponse, type PermissionAction } from '@stockbook/contracts';
import { addStaff, unique, type Caller } from './support/accounts';
import { operationsOf, validRequest, type OpenApiDocument, type Operation } from './support/openapi-cases';
import { send, servedDocument } from './support/openapi-requests';
import { seedBusiness, type SeededBusiness } from './support/seed-business';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Keys that would tell what stock cost (the contracts' COST_FIELDS, with an invoice's `netResult`,
 * and the names a new one would likely take). A transfer's `transferCost` is money paid, not one of them.
 */
const COSTISH_KEY = /^(cost|costs|averageCost|stockValue|totalCost|netResult|totalValue|unitCost|costPrice|inventoryValue|valuation)$/i;

/** Paths of every cost-ish key in a JSON value, at any depth. */
function costKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => costKeys(entry, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [...(COSTISH_KEY.test(key) ? [`${path}.${key}`] : []), ...costKeys(entry, `${path}.${key}`)]);
}

/** Operations not walked, and why. */
const NOT_WALKED: Record<string, string> = {
  'GET /api/v1/user/sse': 'an event stream: its answer never ends, and carries only names of kinds of data',
  'GET /api/v1/user/business/export': 'a gzip file for administrators only, who see costs; staff are refused 403 (business-export.e2e-spec.ts)',
};

/**
 * The view:cost permission (issue 13): a staff user without it receives no cost field from any
 * endpoint (every GET the API documents is walked, plus the answers to writes and the import's
 * preview and report); with it, and as the owner, they do.
 */
describe('costs are shown only to callers with view:cost (real PostgreSQL)', () => {
  let api: TestApi;
  let doc: OpenApiDocument;
  let seeded: SeededBusiness;
  let blind: Caller;
  let sighted: Caller;
  let locationName: string;

  const everyView = PERMISSION_ACTIONS.filter((action) => action.startsWith('view:') && action !== 'view:cost');
  const writes: PermissionAction[] = ['create:item', 'update:item', 'create:batch', 'update:batch'];

  beforeAll(async () => {
    api = await startTestApi();
    doc = await servedDocument(api);
    seeded = await seedBusiness(api, 'Sight');
    blind = await addStaff(api, seeded.owner, [{ action: [...everyView, ...writes], locations: [] }]);
    sighted = await addStaff(api, seeded.owner, [
      { action: [...everyView, ...writes], locations: [] },
      { action: ['view:cost'], locations: [seeded.ids.location] },
    ]);
    locationName = (await seeded.owner.get('user/location')).json().data.find((l: { _id: string }) => l._id === seeded.ids.location).name;
  });
  afterAll(async () => {
    await api?.close();
  });

  const context = { idFor: (kind: keyof SeededBusiness['ids']) => seeded.ids[kind], unique };
  const gets = () => operationsOf(doc).filter((op) => op.method === 'GET' && !NOT_WALKED[op.key]);

  /** Every GET as this caller: plain, and the list also filtered by location and searched. */
  async function walk(caller: Caller): Promise<{ op: Operation; status: number; body: unknown }[]> {
    const answers = [];
    for (const op of gets()) {
      const requests = [validRequest(doc, op, context)];
      if (op.key === 'GET /api/v1/user/inventory/list') {
        requests.push({ ...requests[0]!, query: { location: seeded.ids.location } }, { ...requests[0]!, query: { search: 'Tea' } });
      }
      for (const request of requests) {
        const response = await send(api, request, caller.cookie);
        answers.push({ op, status: response.statusCode, body: response.statusCode === 200 ? response.json() : undefined });
      }
    }
    return answers;
  }

  it('a staff user without view:cost gets no cost field from any GET; the same walk shows costs to the owner', async () => {
    expect(Object.keys(NOT_WALKED).filter((key) => !operationsOf(doc).some((op) => op.key === key))).toEqual([]);
    const owner = await walk(seeded.owner);
    const withCosts = [...new Set(owner.filter((answer) => costKeys(answer.body).length).map((answer) => answer.op.key))];
    // The walk reaches the answers that carry costs: the owner sees them there.
    expect(withCosts).toEqual(expect.arrayContaining(['GET /api/v1/user/inventory/list', 'GET /api/v1/user/inventory/item/{id}']));

    const staff = await walk(blind);
    const answered = staff.filter((answer) => answer.status === 200).map((answer) => answer.op.key);
    expect(answered).toEqual(expect.arrayContaining(withCosts));
    expect(staff.flatMap((answer) => costKeys(answer.body).map((path) => `${answer.op.key} ${path}`))).toEqual([]);
    // The stock itself is still there.
    const list = staff.find((answer) => answer.op.key === 'GET /api/v1/user/inventory/list')!.body as { items: { batches: unknown[]; totalQuantity: string }[] };
    expect(list.items.some((entry) => entry.batches.length > 0 && entry.totalQuantity !== '0.000')).toBe(true);
  });

  it('nor from the answers to item and batch writes, the import preview and report, or the activity log', async () => {
    const answers: { what: string; status: number; body: unknown }[] = [];
    const keep = async (what: string, response: Promise<{ statusCode: number; json(): unknown }>) => {
      const answer = await response;
      answers.push({ what, status: answer.statusCode, body: answer.json() });
      return answer.json() as { item: { _id: string; batches: { _id: string }[] } };
    };
    const tag = unique();
    const created = await keep('add item', blind.post('user/inventory/add/simple/item', { itemName: `Blind ${tag}`, price: '3' }));
    const batched = await keep('add batch', blind.post('user/inventory/add/batch', { itemID: created.item._id, locationID: seeded.ids.location, quantity: '4', cost: '1.25' }));
    await keep('update batch', blind.patch('user/inventory/update/batch', { _id: batched.item.batches[0]!._id, quantity: '5', cost: '1.5' }));
    await keep('update item', blind.patch('user/inventory/update', { _id: created.item._id, price: '3.5' }));
    const rows = [{ line: 2, itemName: `Imported ${tag}`, price: '2', location: locationName, quantity: '2', cost: '0.75' }];
    await keep('import preview', blind.post('user/inventory/import', { rows, dryRun: true }));
    await keep('import', blind.post('user/inventory/import', { rows }));
    const activity = await blind.get('user/activity', { page: '1', limit: '50' });
    answers.push({ what: 'activity', status: activity.statusCode, body: activity.json() });

    expect(answers.filter((answer) => answer.status >= 300).map((answer) => `${answer.what}: ${answer.status}`)).toEqual([]);
    expect(answers.flatMap((answer) => costKeys(answer.body).map((path) => `${answer.what} ${path}`))).toEqual([]);
    // No cost printed in words either: not in the log's descriptions, not in the import's messages.
    expect(JSON.stringify(activity.json())).not.toMatch(/\bcost\b|1\.25|0\.75/i);
    expect(JSON.stringify(answers.filter((answer) => answer.what.startsWith('import')).map((answer) => answer.body))).not.toMatch(/0\.75/);
  });

  it('nor from invoices (one, dated, paginated, searched) and transfers, or the answers to a sale, a payment, a refund and transfer writes', async () => {
    // Every sales and transfer action, but not view:cost.
    const seller = await addStaff(api, seeded.owner, [
      { action: ['view:invoice', 'create:invoice', 'payment:invoice', 'refund:invoice', 'view:transfer', 'create:transfer', 'complete:transfer'], locations: [] },
    ]);
    // An item of its own, so the seeded Tea keeps its figures.
    const tag = unique();
    const sold = (await seeded.owner.post('user/inventory/add/simple/item', { itemName: `Sold ${tag}`, price: '10' })).json().item;
    expect((await seeded.owner.post('user/inventory/add/batch', { itemID: sold._id, locationID: seeded.ids.location, quantity: '10', cost: '3' })).statusCode).toBe(201);

    const answers: { what: string; status: number; body: unknown }[] = [];
    // The answers are read loosely: only their ids and lists are needed.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const keep = async (what: string, response: Promise<{ statusCode: number; json(): unknown }>): Promise<any> => {
      const answer = await response;
      answers.push({ what, status: answer.statusCode, body: answer.json() });
      return answer.json();
    };
    const { invoice } = await keep(
      'sale',
      seller.post('user/invoice', {
        locationID: seeded.ids.location,
        customer: seeded.ids.customer,
        items: [{ itemID: sold._id, quantity: '3' }],
        paymentMethod: 'Cash',
        paidAmount: '10',
        paymentDueDate: '2030-01-01T00:00:00Z',
      }),
    );
    await keep('add payment', seller.post('user/invoice/add-payment', { invoiceID: invoice._id, amount: '5', paymentMethod: 'Cash' }));
    await keep('refund', seller.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] }));
    await keep('one invoice', seller.get(`user/invoice/${invoice._id}`));
    const lists = [
      await keep('dated invoices', seller.get('user/invoice/dated')),
      await keep('paginated invoices', seller.get('user/invoice/paginated')),
      await keep('searched invoices', seller.get('user/invoice/search', { search: String(invoice.invoiceNumber) })),
    ];
    const { transfer } = await keep(
      'transfer',
      seller.post('user/transfer', { itemID: sold._id, sourceLocationID: seeded.ids.location, destinationLocationID: seeded.owner.locationId, transferQuantity: '2' }),
    );
    await keep('one transfer', seller.get(`user/transfer/${transfer._id}`));
    const transfers = await keep('dated transfers', seller.get('user/transfer'));
    await keep('complete transfer', seller.post('user/transfer/complete', { transferID: transfer._id }));

    expect(answers.filter((answer) => answer.status >= 300).map((answer) => `${answer.what}: ${answer.status}`)).toEqual([]);
    // The lists hold what was sold and moved: their answers are not empty.
    for (const list of lists) expect(list.invoices.map((found: { _id: string }) => found._id)).toContain(invoice._id);
    expect(transfers.transfers.map((found: { _id: string }) => found._id)).toContain(transfer._id);
    expect(answers.flatMap((answer) => costKeys(answer.body).map((path) => `${answer.what} ${path}`))).toEqual([]);
    // The owner reads the same invoice and transfer with every cost field.
    const seen = costKeys((await seeded.owner.get(`user/invoice/${invoice._id}`)).json());
    expect(seen).toEqual(expect.arrayContaining(['$.invoice.totalCost', '$.invoice.netResult', '$.invoice.items[0].cost', '$.invoice.items[0].batch[0].cost']));
    expect(costKeys((await seeded.owner.get(`user/transfer/${transfer._id}`)).json()).sort()).toEqual(['$.transfer.batchSnapshot[0].cost', '$.transfer.lines[0].stockValue']);
  });

  it('with view:cost (at any location) a staff user sees cost, average cost and value', async () => {
    // The seeded Tea by its id: a search for "Tea" can also find the seeded Coffee (its random tag), listed first.
    const seededTea = (list: ItemListResponse) => list.items.find((item) => item._id === seeded.ids.item)!;
    const list = (await sighted.get('user/inventory/list', { search: 'Tea' })).json();
    const tea = seededTea(list);
    expect(tea).toMatchObject({ averageCost: '4.0000', stockValue: '20.0000' });
    expect(tea.batches[0].cost).toBe('4.0000');
    expect(tea.locationData[0]).toMatchObject({ totalQuantity: '5.000', averageCost: '4.0000', stockValue: '20.0000' });
    expect((await sighted.get(`user/inventory/item/${seeded.ids.item}`)).json().item.batches[0].cost).toBe('4.0000');
    // A staff user limited to some locations (items built for them, not the cards) is held to the same rule.
    const limitedBlind = await addStaff(api, seeded.owner, [{ action: ['view:item'], locations: [seeded.ids.location] }]);
    const limitedList = (await limitedBlind.get('user/inventory/list', { search: 'Tea' })).json();
    expect(seededTea(limitedList).batches).toHaveLength(1);
    expect(costKeys(limitedList)).toEqual([]);
    const limitedSighted = await addStaff(api, seeded.owner, [{ action: ['view:item', 'view:cost'], locations: [seeded.ids.location] }]);
    expect(seededTea((await limitedSighted.get('user/inventory/list', { search: 'Tea' })).json()).batches[0].cost).toBe('4.0000');
  });
});
