import { DataSource } from 'typeorm';
import { ItemListResponseSchema, ItemResponseSchema, type Item } from '@stockbook/contracts';
import { ITEM_CARD_FORMAT, STALE_ITEM_CARDS, buildItemCardRows, nextTransactionId, rebuildItemCards, retireOtherFormats, storeItemCards } from '../src/inventory/item-cards';
import { ItemCardsBuilder } from '../src/inventory/item-cards.builder';
import { readItems } from '../src/inventory/item-reader';
import { registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * The list serves a caller who sees every location from stored item cards (item-cards.ts). After
 * any change a card shows, the list must equal the items built afresh: the triggers of migration
 * 1764300000000 retire the card in the change's own transaction.
 */
describe('item cards: the list never shows a card older than the data (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let builder: ItemCardsBuilder;
  let owner: Caller & { locationId: string };
  let branch: string;
  let supplier: string;
  let drinks: string;
  let sizeId: string;
  let sizes: Record<string, string>;
  let tea: Item;
  let soap: Item;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    builder = api.api.app.get(ItemCardsBuilder);
    owner = await registerBusiness(api);
    branch = (await owner.post('user/location', { name: 'Branch' })).json().location._id;
    supplier = (await owner.post('user/supplier/add', { name: 'Leaf Co' })).json().supplier._id;
    drinks = (await owner.post('user/category/add', { name: 'Drinks' })).json().category._id;
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['Small', 'Large', 'Family'] })).json().attribute;
    sizeId = size._id;
    sizes = Object.fromEntries(size.values.map((v: { _id: string; value: string }) => [v.value, v._id]));
    tea = item(
      await owner.post('user/inventory/variant/item', {
        itemName: 'Tea',
        categories: [drinks],
        variants: [
          { attributes: [sizes.Small], price: '2' },
          { attributes: [sizes.Large], price: '3' },
        ],
      }),
    );
    soap = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Soap', price: '1.50', categories: [drinks] }));
  });
  afterAll(async () => {
    await api.close();
  });

  const del = (path: string) => api.request({ method: 'DELETE', url: `/api/v1/${path}`, headers: { cookie: owner.cookie } });
  function item(response: { json(): unknown; statusCode: number }): Item {
    if (response.statusCode >= 300) throw new Error(`${response.statusCode}: ${JSON.stringify(response.json())}`);
    return ItemResponseSchema.parse(response.json()).item;
  }
  const listed = async () => ItemListResponseSchema.parse((await owner.get('user/inventory/list', { limit: '50' })).json()).items;
  const fresh = async (ids: string[]) => readItems(db.manager, owner.user.businessId, ids, { all: true });
  const current = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM item_cards k JOIN items i ON i.id = k.item_id
                      WHERE i.business_id = $1 AND k.built_version = k.version AND k.format = $2`, [owner.user.businessId, ITEM_CARD_FORMAT]))[0].n as number;

  /** Every card current, then the change, then the list must equal the items built afresh. */
  async function expectListFollows(change: () => Promise<unknown>) {
    await builder.catchUp();
    expect(await current()).toBe(2);
    await change();
    const shown = await listed();
    expect(shown).toEqual(await fresh(shown.map((i) => i._id)));
    return shown;
  }
  const small = () => tea.subItems.find((v) => v.variantName === 'Small')!;

  it('follows every kind of change a card shows', async () => {
    let batchId = '';
    const steps: [string, () => Promise<unknown>][] = [
      ['a batch added', async () => (batchId = item(await owner.post('user/inventory/add/batch', { itemID: small()._id, locationID: branch, supplierID: supplier, quantity: '5', cost: '1.25' })).subItems.find((v) => v._id === small()._id)!.batches[0]!._id)],
      ['a batch changed', async () => item(await owner.patch('user/inventory/update/batch', { _id: batchId, quantity: '7', cost: '1.50' }))],
      // On hand stays as it was: the stamp must move all the same (migration 1765700000100).
      ['a batch repriced alone', async () => item(await owner.patch('user/inventory/update/batch', { _id: batchId, cost: '1.60' }))],
      ['a batch deleted', async () => item(await del(`user/inventory/batch/${batchId}`))],
      ['a simple item repriced', async () => item(await owner.patch('user/inventory/update', { _id: soap._id, price: '1.75', reorderLevel: '4' }))],
      ['a variant repriced', async () => item(await owner.patch('user/inventory/variant', { _id: small()._id, price: '2.25' }))],
      ['a variant added', async () => item(await owner.post('user/inventory/variant', { parentID: tea._id, attributes: [sizes.Family], price: '5' }))],
      ['a variant item renamed', async () => item(await owner.patch('user/inventory/variant/parent', { _id: tea._id, itemName: 'Green tea' }))],
      ['values of an item changed', async () => item(await owner.patch('user/inventory/update/attributes', { _id: soap._id, attributes: [sizes.Large] }))],
      ['a category renamed', async () => owner.patch('user/category/update', { _id: drinks, name: 'Beverages' })],
      ['an attribute renamed', async () => owner.patch('user/attribute/update', { _id: sizeId, name: 'Cup size' })],
      ['a value renamed', async () => owner.patch('user/attribute/update/value', { _id: sizes.Large, value: 'Tall' })],
      ['a variant deleted', async () => item(await del(`user/inventory/delete/${small()._id}`))],
      // Tea keeps one variant, so taking its only attribute off leaves no two variants alike (that is refused).
      ['another variant deleted', async () => {
        const family = (await listed()).find((listedItem) => listedItem._id === tea._id)!.subItems.find((v) => v.variantName === 'Family')!;
        return item(await del(`user/inventory/delete/${family._id}`));
      }],
      ['an attribute taken off every item', async () => del(`user/attribute/delete-forced/${sizeId}`)],
    ];
    let before = await listed();
    for (const [name, change] of steps) {
      const after = await expectListFollows(change);
      expect({ name, changed: JSON.stringify(after) !== JSON.stringify(before) }).toEqual({ name, changed: true });
      before = after;
    }
  });

  it('drops a card built before a change that committed while it was built', async () => {
    await builder.catchUp();
    const built = await buildItemCardRows(db.manager, owner.user.businessId, [soap._id]);
    item(await owner.patch('user/inventory/update', { _id: soap._id, price: '1.95' }));
    await storeItemCards(db.manager, built);
    const [card] = await db.query(`SELECT built_version = version AS current FROM item_cards WHERE item_id = $1`, [soap._id]);
    expect(card.current).toBe(false);
    expect((await listed()).find((i) => i._id === soap._id)!.price).toBe('1.9500');
  });

  it('serves an item as stored while its card and its stock are unchanged', async () => {
    await builder.catchUp();
    await listed();
    const [row] = await db.query(`SELECT shown, shown_version = version AS same_card FROM item_cards WHERE item_id = $1`, [soap._id]);
    expect(row.same_card).toBe(true);
    expect(JSON.parse(row.shown)).toEqual((await fresh([soap._id]))[0]);
    // A stored item the list serves as it is: shown here by a mark nothing else would write.
    await db.query(`UPDATE item_cards SET shown = replace(shown, '"itemName" : "Soap"', '"itemName" : "Soap (stored)"') WHERE item_id = $1`, [soap._id]);
    expect((await listed()).find((i) => i._id === soap._id)!.itemName).toBe('Soap (stored)');
    // Any change of its batches retires it.
    item(await owner.post('user/inventory/add/batch', { itemID: soap._id, locationID: owner.locationId, quantity: '1', cost: '1' }));
    expect((await listed()).find((i) => i._id === soap._id)!.itemName).toBe('Soap');
  });

  it('holds no stock: batch writes and sales leave every card current, and the list shows their stock at once', async () => {
    await builder.catchUp();
    const soldOf = (shown: Item[]) => shown.find((i) => i._id === soap._id)!.batches.reduce((sum, b) => sum + Number(b.quantitySold), 0);
    const soldBefore = soldOf(await listed());
    const versions = async () => db.query(`SELECT item_id, version, built_version FROM item_cards WHERE item_id = ANY($1::uuid[]) ORDER BY item_id`, [[soap._id, tea._id]]);
    const before = await versions();
    const batch = item(await owner.post('user/inventory/add/batch', { itemID: soap._id, locationID: owner.locationId, quantity: '6', cost: '1' })).batches.at(-1)!;
    const sale = await owner.post('user/invoice', { locationID: owner.locationId, items: [{ itemID: soap._id, quantity: '2' }], paymentMethod: 'Cash' });
    expect(sale.statusCode).toBe(201);
    // Without migration 1765700000000 the batches' triggers bump Soap's card here.
    expect(await versions()).toEqual(before);
    const shown = await listed();
    expect(shown.find((i) => i._id === soap._id)).toEqual((await fresh([soap._id]))[0]);
    expect(shown.find((i) => i._id === soap._id)!.batches.map((b) => b._id)).toContain(batch._id);
    expect(soldOf(shown)).toBe(soldBefore + 2);
  });

  it('reads a card and its stock that list different variants (a variant added between the two reads) again, together', async () => {
    const colour = (await owner.post('user/attribute/add', { name: 'Colour', values: ['Red', 'Blue'] })).json().attribute;
    const [red, blue] = colour.values.map((v: { _id: string }) => v._id);
    const pen = item(await owner.post('user/inventory/variant/item', { itemName: 'Pen', variants: [{ attributes: [red], price: '1' }] }));
    await builder.catchUp();
    const [{ card: before }] = await db.query(`SELECT card FROM item_cards WHERE item_id = $1`, [pen._id]);
    item(await owner.post('user/inventory/variant', { parentID: pen._id, attributes: [blue], price: '1.20' }));
    // The card as a list that read it just before the new variant committed would hold it.
    await db.query(`UPDATE item_cards SET card = $2, built_version = version WHERE item_id = $1`, [pen._id, before]);
    const shown = (await listed()).find((i) => i._id === pen._id)!;
    expect(shown.subItems.map((v) => v.variantName)).toEqual(['Red', 'Blue']);
    expect(shown).toEqual((await fresh([pen._id]))[0]);
  });

  it('leaves a card a writer holds for the next poll, and builds it once the writer is done', async () => {
    await builder.catchUp();
    const isCurrent = async () => (await db.query(`SELECT built_version = version AS current FROM item_cards WHERE item_id = $1`, [soap._id]))[0].current as boolean;
    // A lock that lets the change below bump the card but keeps every builder from storing it.
    const writer = db.createQueryRunner();
    await writer.connect();
    await writer.startTransaction();
    try {
      await writer.query(`SELECT 1 FROM item_cards WHERE item_id = $1 FOR KEY SHARE`, [soap._id]);
      item(await owner.patch('user/inventory/update', { _id: soap._id, price: '2.10' }));
      // Without the stop on a round that stores nothing, this never returns while the lock is held.
      expect(await builder.catchUp()).toBe(0);
      expect(await isCurrent()).toBe(false);
    } finally {
      await writer.rollbackTransaction();
      await writer.release();
    }
    await builder.catchUp();
    expect(await isCurrent()).toBe(true);
    expect((await listed()).find((i) => i._id === soap._id)!.price).toBe('2.1000');
  });

  it('the background round builds and stores a card in PostgreSQL exactly as the list builds it', async () => {
    await builder.catchUp();
    item(await owner.patch('user/inventory/update', { _id: soap._id, price: '4.25' }));
    const [fresh] = await buildItemCardRows(db.manager, owner.user.businessId, [soap._id]);
    expect(await rebuildItemCards(db.manager, owner.user.businessId, [soap._id])).toBe(1);
    const [stored] = await db.query(`SELECT card, built_version = version AS current, format FROM item_cards WHERE item_id = $1`, [soap._id]);
    expect(stored).toEqual({ card: fresh!.card, current: true, format: ITEM_CARD_FORMAT });
  });

  it('ignores and retires cards written by another builder', async () => {
    await builder.catchUp();
    await db.query(`UPDATE item_cards SET card = '{"_id":"forged"}', format = 'other' WHERE item_id = $1`, [soap._id]);
    expect((await listed()).map((i) => i._id)).toContain(soap._id);
    await db.query(`UPDATE item_cards SET card = '{"_id":"forged"}', format = 'other' WHERE item_id = $1`, [soap._id]);
    expect(await retireOtherFormats(db.manager)).toBe(1);
    const [card] = await db.query(`SELECT card, built_version FROM item_cards WHERE item_id = $1`, [soap._id]);
    expect(card).toEqual({ card: null, built_version: null });
  });

  it("finds stale cards by their index, never reading every business's items, and one catch-up builds every business's", async () => {
    await builder.catchUp();
    const other = await registerBusiness(api);
    const jam = item(await other.post('user/inventory/add/simple/item', { itemName: 'Jam', price: '2' }));
    item(await owner.patch('user/inventory/update', { _id: soap._id, price: '5.10' }));
    // The plan's scans: none of them a sequential scan of items (issue 25, rule 3).
    const [{ 'QUERY PLAN': plan }] = await db.query(`EXPLAIN (FORMAT JSON) ${STALE_ITEM_CARDS.replace('$1', '200')}`);
    const scans: string[] = [];
    const walk = (node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }) => {
      if (node['Relation Name']) scans.push(`${node['Node Type']} on ${node['Relation Name']}`);
      for (const child of node.Plans ?? []) walk(child as typeof node);
    };
    walk(plan[0].Plan);
    expect(scans).toContain('Index Scan on items');
    expect(scans).not.toContain('Seq Scan on items');
    await builder.catchUp();
    const cards = await db.query(`SELECT built_version = version AS current FROM item_cards WHERE item_id = ANY($1::uuid[])`, [[jam._id, soap._id]]);
    expect(cards).toEqual([{ current: true }, { current: true }]);
  });

  it('tells the builder when others wrote: the next transaction id moves with a write, and reading it takes none', async () => {
    const before = await nextTransactionId(db.manager);
    item(await owner.post('user/inventory/add/simple/item', { itemName: 'Flour', price: '2' }));
    expect(await nextTransactionId(db.manager)).toBeGreaterThan(before);
    await db.transaction(async (manager) => {
      await nextTransactionId(manager);
      const [{ own }] = await manager.query(`SELECT pg_current_xact_id_if_assigned()::text AS own`);
      expect(own).toBeNull();
    });
  });

  it('gives a new item its card row, and builds every stale card in the background', async () => {
    const milk = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Milk', price: '1' }));
    const [row] = await db.query(`SELECT version, built_version FROM item_cards WHERE item_id = $1`, [milk._id]);
    expect(row).toMatchObject({ built_version: null });
    const builtInBackground = async () => {
      for (let tries = 0; tries < 50; tries++) {
        const [card] = await db.query(`SELECT built_version = version AS current FROM item_cards WHERE item_id = $1`, [milk._id]);
        if (card.current) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    };
    expect(await builtInBackground()).toBe(true);
  });

  it("a change of stock alone does none of the catalogue triggers' work (migration 1765800000000); a change of the catalogue still does, and the stock still moves", async () => {
    const milk = item(await owner.post('user/inventory/add/simple/item', { itemName: 'Oat milk', price: '1', reorderLevel: '5', categories: [drinks] }));
    await owner.post('user/inventory/add/batch', { itemID: milk._id, locationID: owner.locationId, quantity: '6', cost: '0.5' });
    const [batch] = await db.query(`SELECT id FROM batches WHERE item_id = $1`, [milk._id]);
    await db.transaction(async (manager) => {
      // Calls of item_cards_touch in this transaction: the card trigger calls it on every update it follows.
      await manager.query(`SET LOCAL track_functions = 'all'`);
      const touched = async () => Number((await manager.query(`SELECT coalesce(pg_stat_get_xact_function_calls('item_cards_touch'::regproc), 0) AS n`))[0].n);
      await manager.query(`UPDATE batches SET quantity_sold = quantity_sold + 2 WHERE id = $1`, [batch.id]);
      expect(await touched()).toBe(0);
      const [stock] = await manager.query(`SELECT on_hand::text, low_stock, current_setting('stockbook.stock_only_update', true) AS mark FROM items WHERE id = $1`, [milk._id]);
      expect(stock).toEqual({ on_hand: '4.000', low_stock: true, mark: 'off' });
      await manager.query(`UPDATE items SET item_name = 'Oat drink' WHERE id = $1`, [milk._id]);
      expect(await touched()).toBe(1);
      const [link] = await manager.query(`SELECT item_name FROM item_categories WHERE item_id = $1`, [milk._id]);
      expect(link.item_name).toBe('Oat drink');
    });
  });
});
