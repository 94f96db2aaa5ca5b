import { DataSource } from 'typeorm';
import { InTransitResponseSchema, TransferResponseSchema, type Transfer } from '@stockbook/contracts';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { listenToLive, nextInvalidate, type Heard } from './support/live-channel';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Transfers between locations against real PostgreSQL (issue 15, rules 1, 2 and 7): the quantity
 * reserved at the source at once, parts arriving at the destination with their costs, the cost
 * borne as said, the status rule, permissions at the right location, and no oversell under
 * concurrency with sales.
 */
describe('transfers (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let db: DataSource;
  let heard: Heard[] = [];
  let stopListening: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
    const live = await listenToLive(api.databaseUrl);
    heard = live.heard;
    stopListening = live.close;
  });
  afterAll(async () => {
    await stopListening();
    await api?.close();
  });

  type Owner = Caller & { locationId: string };
  interface Shop {
    owner: Owner;
    branchId: string;
    itemId: string;
    supplierId: string;
    batchIds: string[];
  }

  /** A business with a second location (Branch) and an item holding batches at the first: [quantity, cost, dateAdded]. */
  async function shop(batches: [string, string, string][], method: 'FIFO' | 'LIFO' | 'AVCO' | 'SELECT' = 'FIFO', currency: 'LKR' | 'USD' = 'LKR'): Promise<Shop> {
    const owner = await registerBusiness(api, { inventoryValuationMethod: method, currency });
    const branchId = (await owner.post('user/location', { name: 'Branch' })).json().location._id as string;
    const supplierId = (await owner.post('user/supplier/add', { name: 'Leaf Co' })).json().supplier._id as string;
    const item = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item;
    for (const [quantity, cost, dateAdded] of batches) {
      const answer = await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, supplierID: supplierId, quantity, cost, dateAdded });
      expect(answer.statusCode).toBe(201);
    }
    const batchIds = (await db.query(`SELECT id FROM batches WHERE item_id = $1 ORDER BY date_added`, [item._id])).map((row: { id: string }) => row.id) as string[];
    return { owner, branchId, itemId: item._id, supplierId, batchIds };
  }

  const create = (caller: Caller, s: Shop, body: Record<string, unknown>) =>
    caller.post('user/transfer', { itemID: s.itemId, sourceLocationID: s.owner.locationId, destinationLocationID: s.branchId, ...body });
  const created = async (caller: Caller, s: Shop, body: Record<string, unknown>): Promise<Transfer> => {
    const answer = await create(caller, s, body);
    if (answer.statusCode !== 201) throw new Error(`${answer.statusCode} ${answer.body}`);
    return TransferResponseSchema.parse(answer.json()).transfer;
  };
  const placeName = async (id: string) => ((await db.query(`SELECT name FROM locations WHERE id = $1`, [id])) as { name: string }[])[0]!.name;
  const act = (caller: Caller, action: 'complete' | 'cancel' | 'delete', transferID: string) => caller.post(`user/transfer/${action}`, { transferID });
  const onHand = async (s: Shop) => {
    const item = (await s.owner.get(`user/inventory/item/${s.itemId}`)).json().item;
    const at = (id: string) => item.locationData.find((l: { locationID: string }) => l.locationID === id)?.totalQuantity ?? '0.000';
    return { source: at(s.owner.locationId), destination: at(s.branchId), total: item.totalQuantity as string };
  };
  const batchesOf = async (s: Shop) =>
    (await db.query(
      `SELECT id, location_id, supplier_id, quantity::text, quantity_sold::text, cost::text, date_added, previous_batch_id, previous_location_id, transfer_id
         FROM batches WHERE item_id = $1 ORDER BY date_added, created_at, cost`,
      [s.itemId],
    )) as { id: string; location_id: string; supplier_id: string; quantity: string; quantity_sold: string; cost: string; date_added: Date; previous_batch_id: string | null; previous_location_id: string | null; transfer_id: string | null }[];
  const transactionsOf = (locationId: string) =>
    db.query(`SELECT transaction_type, amount::text, balance::text, transfer_id FROM transactions WHERE location_id = $1 ORDER BY created_at`, [locationId]) as Promise<
      { transaction_type: string; amount: string; balance: string; transfer_id: string }[]
    >;

  it('money beyond the minor unit and a cost that would overflow a unit cost are refused with 400 on transferCost, nothing written (issue 22, rule 6)', async () => {
    const s = await shop([['5', '1', '2026-01-01T00:00:00Z']]);
    const fractional = await create(s.owner, s, { transferQuantity: '1', transferCost: '0.005', costIncursion: 'Source' });
    expect([fractional.statusCode, Object.keys(fractional.json().fieldErrors)]).toEqual([400, ['transferCost']]);
    const overflow = await create(s.owner, s, { transferQuantity: '0.001', transferCost: '1000000000', costIncursion: 'Destination' });
    expect([overflow.statusCode, overflow.json().code, Object.keys(overflow.json().fieldErrors)]).toEqual([400, 'COST_TOO_HIGH', ['transferCost']]);
    expect(overflow.json().message).toBe('This cost over 0.001 units makes each arrive at more than 1,000,000,000. Lower the cost or move more units.');
    expect(await db.query(`SELECT count(*)::int AS n FROM transfers WHERE item_id = $1`, [s.itemId])).toEqual([{ n: 0 }]);
    expect(await onHand(s)).toMatchObject({ source: '5.000' });
    // The same cost over enough units is taken.
    expect((await create(s.owner, s, { transferQuantity: '5', transferCost: '1000000000', costIncursion: 'Destination' })).statusCode).toBe(201);
  });

  it('a split transfer with the cost borne by the destination: reserved at once, arriving at the raised cost with its origin', async () => {
    const s = await shop([
      ['6', '2', '2026-01-01T00:00:00Z'],
      ['4', '5', '2026-01-02T00:00:00Z'],
    ]);
    const transfer = await created(s.owner, s, { transferQuantity: '8', transferCost: '10', costIncursion: 'Destination' });
    expect(transfer).toMatchObject({
      itemID: s.itemId,
      variantID: null,
      itemName: 'Tea',
      status: 'Pending',
      transferQuantity: '8.000',
      transferCost: '10.0000',
      costIncursion: 'Destination',
      stockValuationMethod: 'FIFO',
      createdBy: { _id: s.owner.user._id, firstName: 'Amal', lastName: 'Perera' },
      approvedBy: null,
      deniedBy: null,
    });
    // 10 over 8 units is 1.25 a unit: 2 + 1.25 and 5 + 1.25.
    expect(transfer.batchSnapshot).toEqual([
      expect.objectContaining({ batchID: s.batchIds[0], locationID: s.owner.locationId, quantity: '6.000', cost: '3.2500', split: false, transferred: false, previousQuantity: '6.000', previousBatchID: null }),
      expect.objectContaining({ batchID: s.batchIds[1], locationID: s.owner.locationId, quantity: '2.000', cost: '6.2500', split: true, transferred: false, previousQuantity: '4.000' }),
    ]);
    // Reserved at the source at once: on hand there is 2, nothing yet at the destination.
    expect(await onHand(s)).toEqual({ source: '2.000', destination: '0.000', total: '2.000' });

    const done = await act(s.owner, 'complete', transfer._id);
    expect(done.statusCode).toBe(201);
    const completed = TransferResponseSchema.parse(done.json()).transfer;
    expect(completed).toMatchObject({ status: 'Completed', approvedBy: { _id: s.owner.user._id } });
    expect(await onHand(s)).toEqual({ source: '2.000', destination: '8.000', total: '10.000' });
    const arrived = (await batchesOf(s)).filter((b) => b.location_id === s.branchId);
    expect(arrived.map((b) => [b.quantity, b.cost, b.previous_batch_id, b.previous_location_id, b.transfer_id, b.supplier_id, b.date_added.toISOString()])).toEqual([
      ['6.000', '3.2500', s.batchIds[0], s.owner.locationId, transfer._id, s.supplierId, '2026-01-01T00:00:00.000Z'],
      ['2.000', '6.2500', s.batchIds[1], s.owner.locationId, transfer._id, s.supplierId, '2026-01-02T00:00:00.000Z'],
    ]);
    expect(completed.batchSnapshot.map((p) => [p.batchID, p.locationID, p.transferred, p.previousBatchID, p.previousLocationID])).toEqual([
      [arrived[0]!.id, s.branchId, true, s.batchIds[0], s.owner.locationId],
      [arrived[1]!.id, s.branchId, true, s.batchIds[1], s.owner.locationId],
    ]);
    // Value: 12 + 10 sent (6 x 2 + 2 x 5 = 22) arrive as 22 + 10 = 32; the destination pays the 10 out of its
    // balance, the transfer named (issue 22, rule 7); the source pays nothing.
    const item = (await s.owner.get(`user/inventory/item/${s.itemId}`)).json().item;
    expect(item.locationData).toEqual(expect.arrayContaining([expect.objectContaining({ locationID: s.branchId, stockValue: '32.0000' }), expect.objectContaining({ locationID: s.owner.locationId, stockValue: '10.0000' })]));
    expect(await transactionsOf(s.owner.locationId)).toEqual([]);
    expect(await transactionsOf(s.branchId)).toEqual([{ transaction_type: 'Transfer', amount: '-10.0000', balance: '-10.0000', transfer_id: transfer._id }]);
    const [paid] = await db.query(`SELECT description FROM transactions WHERE location_id = $1`, [s.branchId]);
    expect(paid.description).toBe('Cost of the transfer of 8 Tea from Main store to Branch');
    // A landed cost, not an expense of the period: profit and loss leaves it out of the transfer costs.
    const around = { startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await s.owner.get('user/report/profit-loss', around)).json().report).toMatchObject({ transferCosts: '0.0000', transferCostsCapitalised: '10.0000' });
    const entries = await db.query(`SELECT action, entity FROM activities WHERE business_id = $1 AND entity = 'Transfer' ORDER BY created_at`, [s.owner.user.businessId]);
    expect(entries).toEqual([
      { action: 'Created', entity: 'Transfer' },
      { action: 'Updated', entity: 'Transfer' },
    ]);
  });

  it('Both: the source pays the rounded-down half, the destination carries the odd cent spread exactly to 4 places', async () => {
    const s = await shop([['5', '2', '2026-01-01T00:00:00Z']]);
    const transfer = await created(s.owner, s, { transferQuantity: '3', transferCost: '10.03', costIncursion: 'Both' });
    // 5.01 at the source, 5.02 over 3 units: 1.6733 on 2 and 1.6734 on 1 (2 x 3.6733 + 3.6734 = 11.02 = 6 + 5.02).
    expect(transfer.batchSnapshot.map((p) => [p.batchID, p.quantity, p.cost, p.split])).toEqual([
      [s.batchIds[0], '2.000', '3.6733', true],
      [s.batchIds[0], '1.000', '3.6734', true],
    ]);
    expect((await act(s.owner, 'complete', transfer._id)).statusCode).toBe(201);
    const arrived = (await batchesOf(s)).filter((b) => b.location_id === s.branchId);
    expect(arrived.map((b) => [b.quantity, b.cost]).sort()).toEqual([
      ['1.000', '3.6734'],
      ['2.000', '3.6733'],
    ]);
    expect(await transactionsOf(s.owner.locationId)).toEqual([{ transaction_type: 'Transfer', amount: '-5.0100', balance: '-5.0100', transfer_id: transfer._id }]);
    expect(await transactionsOf(s.branchId)).toEqual([{ transaction_type: 'Transfer', amount: '-5.0200', balance: '-5.0200', transfer_id: transfer._id }]);
    const balances = await db.query(`SELECT id, current_balance::text FROM locations WHERE id = ANY($1::uuid[])`, [[s.owner.locationId, s.branchId]]);
    expect(Object.fromEntries(balances.map((l: { id: string; current_balance: string }) => [l.id, l.current_balance]))).toEqual({ [s.owner.locationId]: '-5.0100', [s.branchId]: '-5.0200' });
    // The source's half is the period's transfer cost, the destination's is carried in its stock.
    const around = { startDate: new Date(Date.now() - 3_600_000).toISOString(), endDate: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await s.owner.get('user/report/profit-loss', around)).json().report).toMatchObject({ transferCosts: '5.0100', transferCostsCapitalised: '5.0200', netProfit: '-5.0100' });
  });

  it('every write leaves one activity entry (entity Transfer) and invalidates transfers, items, transactions and reports', async () => {
    const s = await shop([['5', '2', '2026-01-01T00:00:00Z']]);
    const writes: [string, () => Promise<{ statusCode: number; body: string }>][] = [];
    const a = await created(s.owner, s, { transferQuantity: '1' });
    const b = await created(s.owner, s, { transferQuantity: '1' });
    writes.push(['create', () => create(s.owner, s, { transferQuantity: '1' })], ['complete', () => act(s.owner, 'complete', a._id)], ['cancel', () => act(s.owner, 'cancel', b._id)], ['delete', () => act(s.owner, 'delete', b._id)]);
    for (const [what, write] of writes) {
      const from = heard.length;
      const answer = await write();
      expect([what, answer.statusCode]).toEqual([what, 201]);
      const event = await nextInvalidate(heard, from, s.owner.user.businessId, what);
      expect(event.message.data).toEqual(expect.arrayContaining(['transfers', 'items', 'transactions', 'reports']));
    }
    const entries = await db.query(`SELECT action, description FROM activities WHERE business_id = $1 AND entity = 'Transfer' ORDER BY created_at`, [s.owner.user.businessId]);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['Created', 'Created', 'Created', 'Updated', 'Updated', 'Deleted']);
    expect(entries[0].description).toMatch(/Tea from .* to Branch/);
  });

  it('a variant is named by its parent item and itself; AVCO moves the batches at their own costs, keeping the value exact', async () => {
    const s = await shop([
      ['3', '1', '2026-01-01T00:00:00Z'],
      ['3', '2', '2026-01-02T00:00:00Z'],
    ], 'AVCO');
    const avco = await created(s.owner, s, { transferQuantity: '4' });
    // Oldest first, each part at its batch's cost (the average, 1.5, would send 6 of a stock worth 3 + 2 = 5).
    expect(avco.batchSnapshot.map((p) => [p.batchID, p.quantity, p.cost])).toEqual([
      [s.batchIds[0], '3.000', '1.0000'],
      [s.batchIds[1], '1.000', '2.0000'],
    ]);
    expect((await act(s.owner, 'complete', avco._id)).statusCode).toBe(201);
    const figures = (await s.owner.get(`user/inventory/item/${s.itemId}`)).json().item.locationData;
    expect(figures).toEqual(expect.arrayContaining([
      expect.objectContaining({ locationID: s.owner.locationId, stockValue: '4.0000' }),
      expect.objectContaining({ locationID: s.branchId, stockValue: '5.0000' }),
    ]));

    const size = (await s.owner.post('user/attribute/add', { name: 'Size', values: ['Small'] })).json().attribute;
    const shirt = (await s.owner.post('user/inventory/variant/item', { itemName: 'Shirt', variants: [{ attributes: [size.values[0]._id], price: '20' }] })).json().item;
    const variant = shirt.subItems[0];
    expect((await s.owner.post('user/inventory/add/batch', { itemID: variant._id, locationID: s.owner.locationId, quantity: '2', cost: '7' })).statusCode).toBe(201);
    const moved = await created(s.owner, { ...s, itemId: variant._id }, { transferQuantity: '2' });
    expect(moved).toMatchObject({ itemID: shirt._id, variantID: variant._id, itemName: 'Shirt', variantName: variant.variantName });
    // The parent is not a stock item: 404 on itemID.
    const parent = await create(s.owner, { ...s, itemId: shirt._id }, { transferQuantity: '1' });
    expect(parent.statusCode).toBe(404);
    expect(parent.json().fieldErrors).toHaveProperty('itemID');
  });

  it('several lines in one transfer (issue 24): each drawn from its batches, one cost split over the lines by value exactly, arriving, in transit and given back line by line', async () => {
    // Tea: 6 at 2 and 4 at 5 (FIFO); Jam: 5 at 3.
    const s = await shop([
      ['6', '2', '2026-01-01T00:00:00Z'],
      ['4', '5', '2026-01-02T00:00:00Z'],
    ]);
    const jam = (await s.owner.post('user/inventory/add/simple/item', { itemName: 'Jam', price: '6' })).json().item;
    expect((await s.owner.post('user/inventory/add/batch', { itemID: jam._id, locationID: s.owner.locationId, quantity: '5', cost: '3' })).statusCode).toBe(201);
    const body = { sourceLocationID: s.owner.locationId, destinationLocationID: s.branchId, transferCost: '10', costIncursion: 'Destination' };

    // Refused, nothing written: a line short of stock (on its own field), the same item twice, both forms at once.
    const before = await db.query(`SELECT count(*)::int AS n FROM transfers`);
    const short = await s.owner.post('user/transfer', { ...body, lines: [{ itemID: s.itemId, transferQuantity: '8' }, { itemID: jam._id, transferQuantity: '6' }] });
    expect(short.statusCode).toBe(409);
    expect(short.json().fieldErrors).toEqual({ 'lines.1.transferQuantity': ['Not enough Jam at ' + (await placeName(s.owner.locationId)) + ': 6.000 asked, 5.000 on hand.'] });
    const twice = await s.owner.post('user/transfer', { ...body, lines: [{ itemID: s.itemId, transferQuantity: '1' }, { itemID: s.itemId, transferQuantity: '2' }] });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json().fieldErrors)).toEqual(['lines.1.itemID']);
    const both = await s.owner.post('user/transfer', { ...body, itemID: s.itemId, transferQuantity: '1', lines: [{ itemID: jam._id, transferQuantity: '1' }] });
    expect(both.statusCode).toBe(400);
    expect(await db.query(`SELECT count(*)::int AS n FROM transfers`)).toEqual(before);

    // 8 Tea (6 x 2 + 2 x 5 = 22) and 5 Jam (15): 10.00 borne by the destination, 22/37 and 15/37 of it.
    const answer = await s.owner.post('user/transfer', { ...body, lines: [{ itemID: s.itemId, transferQuantity: '8' }, { itemID: jam._id, transferQuantity: '5' }] });
    expect(answer.statusCode).toBe(201);
    const transfer = TransferResponseSchema.parse(answer.json()).transfer;
    expect(transfer).toMatchObject({ itemID: s.itemId, itemName: 'Tea', transferQuantity: '13.000', transferCost: '10.0000', status: 'Pending' });
    expect(transfer.lines).toEqual([
      { itemID: s.itemId, variantID: null, itemName: 'Tea', variantName: null, transferQuantity: '8.000', costShare: '5.9459', stockValue: '22.0000' },
      { itemID: jam._id, variantID: null, itemName: 'Jam', variantName: null, transferQuantity: '5.000', costShare: '4.0541', stockValue: '15.0000' },
    ]);
    expect((await onHand(s)).source).toBe('2.000');
    const [entry] = (await db.query(`SELECT description FROM activities WHERE entity = 'Transfer' AND business_id = $1 ORDER BY created_at DESC LIMIT 1`, [s.owner.user.businessId])) as { description: string }[];
    expect(entry!.description).toBe(`Started a transfer of 8 Tea and 5 Jam from ${await placeName(s.owner.locationId)} to Branch`);
    const moving = InTransitResponseSchema.parse((await s.owner.get('user/inventory/in-transit')).json());
    expect(moving.lines.map((line) => [line.itemName, line.quantity, line.stockValue])).toEqual([
      ['Jam', '5.000', '15.0000'],
      ['Tea', '8.000', '22.0000'],
    ]);

    // Completed: each line arrives at its cost plus its share; the two arrive worth 37 + 10 exactly.
    const completed = await act(s.owner, 'complete', transfer._id);
    expect(completed.statusCode).toBe(201);
    expect(TransferResponseSchema.parse(completed.json()).transfer.history.map((step) => step.event)).toEqual(['Started', 'Completed']);
    const [arrived] = (await db.query(
      `SELECT sum(b.quantity * b.cost)::numeric(20, 4)::text AS value, count(*)::int AS batches FROM batches b WHERE b.transfer_id = $1`,
      [transfer._id],
    )) as { value: string; batches: number }[];
    expect(arrived).toEqual({ value: '47.0000', batches: expect.any(Number) });
    const jamAtBranch = (await s.owner.get(`user/inventory/item/${jam._id}`)).json().item.locationData.find((l: { locationID: string }) => l.locationID === s.branchId);
    expect(jamAtBranch).toMatchObject({ totalQuantity: '5.000', stockValue: '19.0541' });
  });

  it('in transit (issue 24): pending units on their way to a location at the value they left with, so on hand + in transit is the stock value before; scoped by view:item; gone on arrival or cancel', async () => {
    const s = await shop([
      ['6', '2', '2026-01-01T00:00:00Z'],
      ['4', '5', '2026-01-02T00:00:00Z'],
    ]);
    const inTransit = async (caller: Caller, location?: string) => {
      const answer = await caller.get('user/inventory/in-transit', location ? { location } : {});
      expect(answer.statusCode).toBe(200);
      return InTransitResponseSchema.parse(answer.json());
    };
    // Before: 6 x 2 + 4 x 5 = 32.0000 on hand, nothing moving.
    expect(await inTransit(s.owner)).toEqual({ lines: [], quantity: '0.000', stockValue: '0.0000', transfers: 0, onHandValue: '32.0000' });
    const first = await created(s.owner, s, { transferQuantity: '8' });
    await created(s.owner, s, { transferQuantity: '1' });
    // 8 = 6 x 2 + 2 x 5 = 22 and 1 x 5 = 5 left the source: 27 in transit, 5 on hand (1 x 5), 32 in all.
    const all = await inTransit(s.owner);
    expect(all).toEqual({
      lines: [{ itemID: s.itemId, variantID: null, itemName: 'Tea', variantName: null, sourceLocationID: s.owner.locationId, destinationLocationID: s.branchId, quantity: '9.000', stockValue: '27.0000', transfers: 2 }],
      quantity: '9.000',
      stockValue: '27.0000',
      transfers: 2,
      onHandValue: '5.0000',
    });
    // At the destination: on its way there; at the source: nothing comes, its 5 on hand.
    expect((await inTransit(s.owner, s.branchId)).quantity).toBe('9.000');
    expect(await inTransit(s.owner, s.owner.locationId)).toMatchObject({ lines: [], quantity: '0.000', onHandValue: '5.0000' });

    // A clerk of the source alone sees nothing coming; one of the branch without view:cost sees the units, no values.
    const sourceClerk = await addStaff(api, s.owner, [{ action: ['view:item'], locations: [s.owner.locationId] }]);
    expect((await inTransit(sourceClerk)).lines).toEqual([]);
    const branchClerk = await addStaff(api, s.owner, [{ action: ['view:item'], locations: [s.branchId] }]);
    const seen = await inTransit(branchClerk);
    expect(seen.quantity).toBe('9.000');
    expect(seen.stockValue).toBeUndefined();
    expect(seen.onHandValue).toBeUndefined();
    expect(seen.lines[0]!.stockValue).toBeUndefined();
    // Another business sees none of it; a bad location is a 400, another's location narrows to nothing.
    const stranger = await registerBusiness(api);
    expect((await inTransit(stranger)).lines).toEqual([]);
    expect((await stranger.get('user/inventory/in-transit', { location: 'nope' })).statusCode).toBe(400);
    expect((await inTransit(stranger, s.branchId)).lines).toEqual([]);
    const viewer = await addStaff(api, s.owner, [{ action: ['view:transfer'], locations: [] }]);
    expect((await viewer.get('user/inventory/in-transit')).statusCode).toBe(403);

    // Arrived: the 8 are on hand at the branch; cancelled: the 1 is back at the source.
    expect((await act(s.owner, 'complete', first._id)).statusCode).toBe(201);
    expect(await inTransit(s.owner)).toMatchObject({ quantity: '1.000', stockValue: '5.0000', transfers: 1, onHandValue: '27.0000' });
    const [other] = (await db.query(`SELECT id FROM transfers WHERE item_id = $1 AND status = 'Pending'`, [s.itemId])) as { id: string }[];
    expect((await act(s.owner, 'cancel', other!.id)).statusCode).toBe(201);
    expect(await inTransit(s.owner)).toEqual({ lines: [], quantity: '0.000', stockValue: '0.0000', transfers: 0, onHandValue: '32.0000' });
  });

  it('Source: the whole cost is a Transfer transaction at the source on completion, none before', async () => {
    const s = await shop([['5', '2', '2026-01-01T00:00:00Z']]);
    const transfer = await created(s.owner, s, { transferQuantity: '5', transferCost: '7.5', costIncursion: 'Source' });
    expect(transfer.batchSnapshot).toEqual([expect.objectContaining({ quantity: '5.000', cost: '2.0000', split: false })]);
    expect(await transactionsOf(s.owner.locationId)).toEqual([]);
    expect((await act(s.owner, 'complete', transfer._id)).statusCode).toBe(201);
    expect(await transactionsOf(s.owner.locationId)).toEqual([{ transaction_type: 'Transfer', amount: '-7.5000', balance: '-7.5000', transfer_id: transfer._id }]);
    expect((await batchesOf(s)).filter((b) => b.location_id === s.branchId).map((b) => b.cost)).toEqual(['2.0000']);
  });

  it('cancel and delete give the reserved stock back exactly; a cancelled one deleted gives nothing twice; deleted ones leave the list', async () => {
    const s = await shop([
      ['3', '1', '2026-01-01T00:00:00Z'],
      ['4', '2', '2026-01-02T00:00:00Z'],
    ]);
    const before = await batchesOf(s);
    const first = await created(s.owner, s, { transferQuantity: '5' });
    expect((await batchesOf(s)).map((b) => b.quantity)).toEqual(['0.000', '2.000']);
    const cancelled = await act(s.owner, 'cancel', first._id);
    expect(cancelled.statusCode).toBe(201);
    expect(cancelled.json().transfer).toMatchObject({ status: 'Cancelled', deniedBy: { _id: s.owner.user._id }, approvedBy: null });
    expect(await batchesOf(s)).toEqual(before);
    expect((await act(s.owner, 'delete', first._id)).statusCode).toBe(201);
    expect(await batchesOf(s)).toEqual(before);

    const second = await created(s.owner, s, { transferQuantity: '6', stockValuationMethod: 'FIFO' });
    expect(await onHand(s)).toMatchObject({ source: '1.000' });
    const deleted = await act(s.owner, 'delete', second._id);
    expect(deleted.statusCode).toBe(201);
    expect(deleted.json().transfer).toMatchObject({ status: 'Pending', deletedAt: expect.any(String), deletedBy: s.owner.user._id });
    expect(await batchesOf(s)).toEqual(before);
    expect(await onHand(s)).toMatchObject({ source: '7.000' });

    const third = await created(s.owner, s, { transferQuantity: '1' });
    const listed = (await s.owner.get('user/transfer')).json().transfers.map((t: Transfer) => t._id);
    expect(listed).toEqual([third._id]);
    // Its history: started, cancelled, deleted, each with when and by whom, in that order.
    const gone = TransferResponseSchema.parse((await s.owner.get(`user/transfer/${first._id}`)).json()).transfer;
    expect(gone.deletedAt).not.toBeNull();
    const owner = { _id: s.owner.user._id, firstName: 'Amal', lastName: 'Perera' };
    expect(gone.history.map(({ event, by }) => ({ event, by }))).toEqual([
      { event: 'Started', by: owner },
      { event: 'Cancelled', by: owner },
      { event: 'Deleted', by: owner },
    ]);
    expect(gone.history.map((step) => step.at)).toEqual([...gone.history.map((step) => step.at)].sort());
    expect(gone.history[0]!.at).toBe(gone.createdAt);
    expect((await s.owner.get('user/transfer', { startDate: '2020-01-01T00:00:00Z', endDate: '2020-01-02T00:00:00Z' })).json().transfers).toEqual([]);
  });

  it('409 for a change the status forbids, a transfer beyond stock, and a sale of stock a pending transfer holds', async () => {
    const s = await shop([['10', '1', '2026-01-01T00:00:00Z']]);
    const cancelled = await created(s.owner, s, { transferQuantity: '1' });
    await act(s.owner, 'cancel', cancelled._id);
    const completed = await created(s.owner, s, { transferQuantity: '1' });
    await act(s.owner, 'complete', completed._id);
    for (const [action, id] of [
      ['complete', cancelled._id],
      ['cancel', cancelled._id],
      ['cancel', completed._id],
      ['complete', completed._id],
      ['delete', completed._id],
    ] as const) {
      const refused = await act(s.owner, action, id);
      expect([action, refused.statusCode, refused.json().code]).toEqual([action, 409, 'TRANSFER_STATUS']);
      expect(refused.json().message).toMatch(/pending|completed/i);
    }
    // 10 less the completed 1 (now at the branch) less the pending 6: 3 left to sell or transfer.
    const pending = await created(s.owner, s, { transferQuantity: '6' });
    expect(await onHand(s)).toMatchObject({ source: '3.000' });
    const beyond = await create(s.owner, s, { transferQuantity: '3.001' });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', fieldErrors: { transferQuantity: [expect.stringMatching(/Tea.*3\.001 asked, 3\.000 on hand/)] } });
    const sale = await s.owner.post('user/invoice', { locationID: s.owner.locationId, items: [{ itemID: s.itemId, quantity: '4' }], paymentMethod: 'Cash' });
    expect(sale.statusCode).toBe(409);
    expect(sale.json().code).toBe('INSUFFICIENT_STOCK');
    expect((await s.owner.post('user/invoice', { locationID: s.owner.locationId, items: [{ itemID: s.itemId, quantity: '3' }], paymentMethod: 'Cash' })).statusCode).toBe(201);
    // The pending transfer still holds its 6: cancelling gives them back to sell.
    expect((await act(s.owner, 'cancel', pending._id)).statusCode).toBe(201);
    expect(await onHand(s)).toMatchObject({ source: '6.000' });
  });

  it('400 with field errors: same location, a cost nobody bears, a bad quantity, a method missing under SELECT', async () => {
    const s = await shop([['10', '1', '2026-01-01T00:00:00Z']], 'SELECT');
    const same = await create(s.owner, s, { destinationLocationID: s.owner.locationId, transferQuantity: '1', stockValuationMethod: 'FIFO' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_LOCATION', fieldErrors: { destinationLocationID: [expect.any(String)] } });
    const unborne = await create(s.owner, s, { transferQuantity: '1', transferCost: '5', stockValuationMethod: 'FIFO' });
    expect(unborne.statusCode).toBe(400);
    expect(unborne.json()).toMatchObject({ code: 'COST_INCURSION_REQUIRED', fieldErrors: { costIncursion: [expect.any(String)] } });
    for (const transferQuantity of ['0', '-1', 'abc', '1.0001']) {
      const bad = await create(s.owner, s, { transferQuantity, stockValuationMethod: 'FIFO' });
      expect([transferQuantity, bad.statusCode, Object.keys(bad.json().fieldErrors ?? {})]).toEqual([transferQuantity, 400, ['transferQuantity']]);
    }
    const noMethod = await create(s.owner, s, { transferQuantity: '1' });
    expect(noMethod.json()).toMatchObject({ code: 'METHOD_REQUIRED', fieldErrors: { stockValuationMethod: [expect.any(String)] } });
    const lifo = await created(s.owner, s, { transferQuantity: '1', stockValuationMethod: 'LIFO' });
    expect(lifo.stockValuationMethod).toBe('LIFO');
    const junk = await s.owner.post('user/transfer', { itemID: 'x', costIncursion: 'Nobody' });
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(junk.json().fieldErrors).sort()).toEqual(['costIncursion', 'destinationLocationID', 'itemID', 'sourceLocationID', 'transferQuantity']);
    expect((await s.owner.post('user/transfer/complete', { transferID: 'nope' })).statusCode).toBe(400);
  });

  it('401 without a session, 403 without the action or at the wrong location, 404 for another business, costs only with view:cost', async () => {
    const s = await shop([['10', '1', '2026-01-01T00:00:00Z']]);
    const transfer = await created(s.owner, s, { transferQuantity: '2' });
    for (const [method, url] of [
      ['GET', 'user/transfer'],
      ['GET', `user/transfer/${transfer._id}`],
      ['POST', 'user/transfer'],
      ['POST', 'user/transfer/complete'],
      ['POST', 'user/transfer/cancel'],
      ['POST', 'user/transfer/delete'],
    ] as const) {
      expect([url, (await api.request({ method, url: `/api/v1/${url}`, payload: method === 'POST' ? { transferID: transfer._id } : undefined })).statusCode]).toEqual([url, 401]);
    }
    // Allowed to complete only at the source: completing needs the destination.
    const atSource = await addStaff(api, s.owner, [{ action: ['view:transfer', 'complete:transfer', 'create:transfer'], locations: [s.owner.locationId] }]);
    const refused = await act(atSource, 'complete', transfer._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/complete:transfer at Branch|at that location/);
    // View at the source is enough to read it; its snapshot has no cost without view:cost.
    const seen = (await atSource.get(`user/transfer/${transfer._id}`)).json().transfer;
    expect(seen._id).toBe(transfer._id);
    expect(JSON.stringify(seen.batchSnapshot)).not.toMatch(/"cost"/);
    expect(seen.transferCost).toBe('0.0000');
    // Creating at a source where the caller lacks create:transfer.
    const atBranch = await addStaff(api, s.owner, [{ action: ['view:transfer', 'create:transfer', 'delete:transfer', 'cancel:transfer', 'complete:transfer'], locations: [s.branchId] }]);
    expect((await create(atBranch, s, { transferQuantity: '1' })).statusCode).toBe(403);
    // Delete is the source's; the destination may cancel and complete.
    expect((await act(atBranch, 'delete', transfer._id)).statusCode).toBe(403);
    expect((await atBranch.get('user/transfer')).json().transfers.map((t: Transfer) => t._id)).toEqual([transfer._id]);
    const elsewhere = (await s.owner.post('user/location', { name: 'Kiosk' })).json().location._id as string;
    const atKiosk = await addStaff(api, s.owner, [{ action: ['view:transfer', 'cancel:transfer'], locations: [elsewhere] }]);
    expect((await atKiosk.get(`user/transfer/${transfer._id}`)).statusCode).toBe(403);
    expect((await act(atKiosk, 'cancel', transfer._id)).statusCode).toBe(403);
    expect((await atKiosk.get('user/transfer')).json().transfers).toEqual([]);
    const noAction = await addStaff(api, s.owner, [{ action: ['view:item'], locations: [] }]);
    expect((await noAction.get('user/transfer')).statusCode).toBe(403);
    expect((await act(atBranch, 'cancel', transfer._id)).statusCode).toBe(201);

    const stranger = await registerBusiness(api);
    const strangerBranch = (await stranger.post('user/location', { name: 'Far' })).json().location._id as string;
    expect((await stranger.get(`user/transfer/${transfer._id}`)).statusCode).toBe(404);
    for (const action of ['complete', 'cancel', 'delete'] as const) expect((await act(stranger, action, transfer._id)).statusCode).toBe(404);
    const theirItem = await stranger.post('user/transfer', { itemID: s.itemId, sourceLocationID: stranger.locationId, destinationLocationID: strangerBranch, transferQuantity: '1' });
    expect(theirItem.statusCode).toBe(404);
    expect(theirItem.json().fieldErrors).toHaveProperty('itemID');
    const theirLocation = await create(s.owner, s, { destinationLocationID: strangerBranch, transferQuantity: '1' });
    expect(theirLocation.statusCode).toBe(404);
    expect(theirLocation.json().fieldErrors).toHaveProperty('destinationLocationID');
  });

  it('10 concurrent transfers of 3 from 10 units: exactly 3 succeed; transfers and sales of the last units never oversell', async () => {
    const s = await shop([
      ['4', '1', '2026-01-01T00:00:00Z'],
      ['6', '2', '2026-01-02T00:00:00Z'],
    ]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(s.owner, s, { transferQuantity: '3' })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(await onHand(s)).toMatchObject({ source: '1.000' });

    const t = await shop([['10', '1', '2026-01-01T00:00:00Z']]);
    const mixed = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? create(t.owner, t, { transferQuantity: '2' })
          : t.owner.post('user/invoice', { locationID: t.owner.locationId, items: [{ itemID: t.itemId, quantity: '2' }], paymentMethod: 'Cash' }),
      ),
    );
    expect(mixed.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(mixed.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().code === 'INSUFFICIENT_STOCK')).toBe(true);
    const [batch] = await batchesOf(t);
    expect(Number(batch!.quantity) - Number(batch!.quantity_sold)).toBe(0);
    expect(await onHand(t)).toMatchObject({ source: '0.000' });
  });
});
