import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { ItemListResponseSchema, ItemResponseSchema, type Batch, type Item } from '@stockbook/contracts';
import { stockByLocation, stockFigures, stockValue, type StockBatch } from '@stockbook/domain';
import { registerBusiness, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * PostgreSQL writes the items the API shows, stock figures included (item-reader.ts), and keeps
 * `items.on_hand` for the low-stock filter by triggers. Both must give the domain's answers
 * (libs/domain/src/stock.ts) for any batches: this drives random batches straight into the table
 * and compares.
 */
describe('stock figures from PostgreSQL equal the domain rules (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };
  let locations: string[];
  let simple: Item;
  let variantItem: Item;
  let supplier: string;

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
    const branch = (await owner.post('user/location', { name: 'Branch' })).json().location._id as string;
    locations = [owner.locationId, branch];
    supplier = (await owner.post('user/supplier/add', { name: 'Figures Co' })).json().supplier._id as string;
    const size = (await owner.post('user/attribute/add', { name: 'Size', values: ['Small', 'Large'] })).json().attribute;
    const values = size.values.map((v: { _id: string }) => v._id);
    simple = ItemResponseSchema.parse((await owner.post('user/inventory/add/simple/item', { itemName: 'Figures simple', categories: [], price: '1', reorderLevel: '50' })).json()).item;
    variantItem = ItemResponseSchema.parse(
      (await owner.post('user/inventory/variant/item', {
        itemName: 'Figures variant',
        categories: [],
        variants: values.map((value: string, index: number) => ({ attributes: [value], price: String(index + 2), reorderLevel: '30' })),
      })).json(),
    ).item;
  });
  afterAll(async () => {
    await api.close();
  });

  const decimal = (max: number, scale: number) =>
    fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => (n / 10 ** scale).toFixed(scale));
  const batchArb = fc.record({
    unit: fc.integer({ min: 0, max: 2 }),
    location: fc.integer({ min: 0, max: 1 }),
    quantity: decimal(500, 3),
    soldShare: fc.integer({ min: 0, max: 4 }),
    cost: decimal(999, 4),
    deleted: fc.boolean(),
  });

  /** The domain's figures per location, each with what remains there at its costs (the API's `stockValue`). */
  const sameLocations = (shown: Item['locationData'], batches: readonly StockBatch[]) =>
    expect([...shown].sort((a, b) => a.locationID.localeCompare(b.locationID))).toEqual(
      stockByLocation(batches)
        .map((row) => ({ ...row, stockValue: stockValue(batches.filter((batch) => batch.locationID === row.locationID)) }))
        .sort((a, b) => a.locationID.localeCompare(b.locationID)),
    );
  /** The domain's totals and value of some batches, as the API shows an item's. */
  const figures = (batches: readonly StockBatch[]) => ({ ...stockFigures(batches), stockValue: stockValue(batches) });
  const shownFigures = (shown: Pick<Item, 'totalQuantity' | 'averageCost' | 'stockValue'>) => ({
    totalQuantity: shown.totalQuantity,
    averageCost: shown.averageCost,
    stockValue: shown.stockValue,
  });

  it('each live batch, totals, average costs, figures per location, low stock, items.on_hand and items.low_stock, for any batches', async () => {
    const units = () => [simple._id, ...variantItem.subItems.map((variant) => variant._id)];
    await fc.assert(
      fc.asyncProperty(fc.array(batchArb, { maxLength: 12 }), async (batches) => {
        await db.query(`DELETE FROM batches WHERE item_id = ANY($1::uuid[])`, [units()]);
        const rows = batches.map((batch) => {
          // Sold is 0, a quarter, a half, three quarters or all of the quantity, to 3 places, never above it.
          const sold = ((Math.floor((Number(batch.quantity) * 1000 * batch.soldShare) / 4)) / 1000).toFixed(3);
          return { ...batch, itemId: units()[batch.unit]!, locationID: locations[batch.location]!, quantitySold: sold };
        });
        const written: Batch[] = [];
        for (const [index, row] of rows.entries()) {
          // Dates a few milliseconds apart, some at a whole second, in the order written.
          const dateAdded = new Date(Date.UTC(2026, 0, 2, 3, 4, 5) + index * 1001 + (index % 2) * 7).toISOString();
          const [{ id }] = await db.query(
            `INSERT INTO batches (business_id, item_id, supplier_id, location_id, quantity, quantity_sold, cost, date_added, deleted_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END) RETURNING id`,
            [owner.user.businessId, row.itemId, index % 3 === 0 ? supplier : null, row.locationID, row.quantity, row.quantitySold, row.cost, dateAdded, row.deleted],
          );
          if (!row.deleted) {
            written.push({ _id: id, itemID: row.itemId, supplierID: index % 3 === 0 ? supplier : null, locationID: row.locationID, quantity: row.quantity,
              quantitySold: row.quantitySold, cost: row.cost, dateAdded, deletedAt: null, deletedBy: null });
          }
        }
        // Each live batch as the API shows it (batches.card_json), oldest first.
        const batchesOf = (itemId: string) => written.filter((batch) => batch.itemID === itemId);
        const stock = (itemId?: string): StockBatch[] =>
          rows
            .filter((row) => (itemId ? row.itemId === itemId : row.unit > 0))
            .map((row) => ({ locationID: row.locationID, quantity: row.quantity, quantitySold: row.quantitySold, cost: row.cost, deletedAt: row.deleted ? 'gone' : null }));

        const shownSimple = ItemResponseSchema.parse((await owner.get(`user/inventory/item/${simple._id}`)).json()).item;
        expect(shownSimple.batches).toEqual(batchesOf(simple._id));
        expect(shownFigures(shownSimple)).toEqual(figures(stock(simple._id)));
        sameLocations(shownSimple.locationData, stock(simple._id));
        expect(shownSimple.lowStock).toBe(Number(stockFigures(stock(simple._id)).totalQuantity) <= 50);

        const shownVariant = ItemResponseSchema.parse((await owner.get(`user/inventory/item/${variantItem._id}`)).json()).item;
        expect(shownFigures(shownVariant)).toEqual(figures(stock()));
        sameLocations(shownVariant.locationData, stock());
        for (const variant of shownVariant.subItems) {
          expect(variant.batches).toEqual(batchesOf(variant._id));
          expect(shownFigures(variant)).toEqual(figures(stock(variant._id)));
          sameLocations(variant.locationData, stock(variant._id));
        }
        expect(shownVariant.lowStock).toBe(shownVariant.subItems.some((variant) => Number(variant.totalQuantity) <= 30));

        // items.on_hand and items.low_stock (kept by triggers) are the live total and flag, and the low-stock filter agrees.
        const onHand = await db.query(`SELECT id, on_hand FROM items WHERE id = ANY($1::uuid[])`, [units()]);
        for (const { id, on_hand } of onHand as { id: string; on_hand: string }[]) expect(on_hand).toBe(stockFigures(stock(id)).totalQuantity);
        const flags = await db.query(`SELECT id, low_stock FROM items WHERE id = ANY($1::uuid[])`, [[simple._id, variantItem._id]]);
        for (const { id, low_stock } of flags as { id: string; low_stock: boolean }[]) {
          expect(low_stock).toBe((id === simple._id ? shownSimple : shownVariant).lowStock);
        }
        const low = ItemListResponseSchema.parse((await owner.get('user/inventory/list', { lowStock: 'true', limit: '50' })).json());
        expect(low.items.map((item) => item._id).sort()).toEqual(
          [shownSimple, shownVariant].filter((item) => item.lowStock).map((item) => item._id).sort(),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('keeps items.on_hand in step when batches are updated, soft-deleted and deleted', async () => {
    const onHand = async () => (await db.query(`SELECT on_hand FROM items WHERE id = $1`, [simple._id]))[0].on_hand as string;
    await db.query(`DELETE FROM batches WHERE item_id = $1`, [simple._id]);
    expect(await onHand()).toBe('0.000');
    const [{ id }] = await db.query(
      `INSERT INTO batches (business_id, item_id, location_id, quantity, quantity_sold, cost) VALUES ($1, $2, $3, 10, 2, 1) RETURNING id`,
      [owner.user.businessId, simple._id, owner.locationId],
    );
    expect(await onHand()).toBe('8.000');
    await db.query(`UPDATE batches SET quantity_sold = 5 WHERE id = $1`, [id]);
    expect(await onHand()).toBe('5.000');
    await db.query(`UPDATE batches SET deleted_at = now() WHERE id = $1`, [id]);
    expect(await onHand()).toBe('0.000');
    await db.query(`UPDATE batches SET deleted_at = NULL WHERE id = $1`, [id]);
    expect(await onHand()).toBe('5.000');
    await db.query(`DELETE FROM batches WHERE id = $1`, [id]);
    expect(await onHand()).toBe('0.000');
  });

  it('keeps items.on_hand exact when two transactions sell from different batches of one item at once', async () => {
    const onHand = async () => (await db.query(`SELECT on_hand FROM items WHERE id = $1`, [simple._id]))[0].on_hand as string;
    await db.query(`DELETE FROM batches WHERE item_id = $1`, [simple._id]);
    const batch = async () =>
      (await db.query(`INSERT INTO batches (business_id, item_id, location_id, quantity, cost) VALUES ($1, $2, $3, 10, 1) RETURNING id`, [owner.user.businessId, simple._id, owner.locationId]))[0]
        .id as string;
    const [first, second] = [await batch(), await batch()];
    const [one, two] = [db.createQueryRunner(), db.createQueryRunner()];
    await one.connect();
    await two.connect();
    try {
      await one.startTransaction();
      await two.startTransaction();
      await one.query(`UPDATE batches SET quantity_sold = 3 WHERE id = $1`, [first]);
      // The second waits on the item's row, which the first holds, then goes on once it commits.
      const waiting = two.query(`UPDATE batches SET quantity_sold = 4 WHERE id = $1`, [second]);
      for (let i = 0; i < 100; i++) {
        const [row] = await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE batches SET quantity_sold = 4%'`);
        if (row.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await one.commitTransaction();
      await waiting;
      await two.commitTransaction();
    } finally {
      await one.release();
      await two.release();
    }
    // 20 in, 3 + 4 sold: each statement's change added to the figure the other committed.
    expect(await onHand()).toBe('13.000');
  });

  it('keeps items.low_stock in step with reorder levels and variants coming and going', async () => {
    const low = async (id: string) => (await db.query(`SELECT low_stock FROM items WHERE id = $1`, [id]))[0].low_stock as boolean;
    await db.query(`DELETE FROM batches WHERE item_id = ANY($1::uuid[])`, [[simple._id, ...variantItem.subItems.map((v) => v._id)]]);
    await db.query(`INSERT INTO batches (business_id, item_id, location_id, quantity, cost) VALUES ($1, $2, $3, 40, 1)`, [owner.user.businessId, simple._id, owner.locationId]);
    expect(await low(simple._id)).toBe(true); // 40 on hand, reorder level 50
    await db.query(`UPDATE items SET reorder_level = 30 WHERE id = $1`, [simple._id]);
    expect(await low(simple._id)).toBe(false);
    await db.query(`UPDATE items SET reorder_level = NULL WHERE id = $1`, [simple._id]);
    expect(await low(simple._id)).toBe(false);
    const [small, large] = variantItem.subItems.map((v) => v._id) as [string, string];
    for (const variant of [small, large]) {
      await db.query(`INSERT INTO batches (business_id, item_id, location_id, quantity, cost) VALUES ($1, $2, $3, 100, 1)`, [owner.user.businessId, variant, owner.locationId]);
    }
    expect(await low(variantItem._id)).toBe(false);
    const [{ id: extra }] = await db.query(
      `INSERT INTO items (business_id, parent_id, item_name, variant_name, simple_item, price, reorder_level, value_key) VALUES ($1, $2, 'Figures variant', 'Extra', false, 1, 5, '') RETURNING id`,
      [owner.user.businessId, variantItem._id],
    );
    expect(await low(variantItem._id)).toBe(true); // a new variant with nothing on hand
    await db.query(`UPDATE items SET deleted_at = now() WHERE id = $1`, [extra]);
    expect(await low(variantItem._id)).toBe(false);
    await db.query(`UPDATE items SET deleted_at = NULL WHERE id = $1`, [extra]);
    expect(await low(variantItem._id)).toBe(true);
    await db.query(`DELETE FROM items WHERE id = $1`, [extra]);
    expect(await low(variantItem._id)).toBe(false);
  });
});
