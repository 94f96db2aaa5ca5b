import Big from 'big.js';
import fc from 'fast-check';
import { stockFigures } from '../stock';
import { applyMovements, batchLockOrder, drawOrder, drawStock, drawsCost, lineValuationMethod, mergeMovements, type SaleBatch, type ValuationMethod } from './batch-draw';

const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 0, day, hour)).toISOString();
const batch = (id: string, quantity: string, cost: string, dateAdded: string, createdAt = dateAdded, quantitySold = '0', deletedAt: string | null = null): SaleBatch => ({
  id,
  locationID: 'loc',
  quantity,
  quantitySold,
  cost,
  dateAdded,
  createdAt,
  deletedAt,
});
const draw = (method: ValuationMethod, batches: SaleBatch[], quantity: string) => drawStock({ batches, quantity, method, itemID: 'item-1', field: 'items.0.quantity' });

describe('which batches a sale draws from', () => {
  // Given out of order on purpose; b3 was added on day 2 but created after b2 (same dateAdded);
  // b1 was entered last (day 4) but dated day 1: dateAdded wins.
  const batches = [
    batch('b3', '5', '3.0000', at(2), at(3)),
    batch('b1', '4', '1.0000', at(1), at(4), '1'),
    batch('b2', '5', '2.0000', at(2), at(2)),
    batch('b0', '9', '9.0000', at(1), at(1), '9'), // sold out
    batch('bx', '9', '0.5000', at(1), at(1), '0', at(5)), // deleted
  ];

  it('FIFO: oldest first by dateAdded, then creation; each draw at its batch cost', () => {
    expect(draw('FIFO', batches, '9')).toEqual({
      ok: true,
      draws: [
        { batchId: 'b1', quantity: '3.000', unitCost: '1.0000' },
        { batchId: 'b2', quantity: '5.000', unitCost: '2.0000' },
        { batchId: 'b3', quantity: '1.000', unitCost: '3.0000' },
      ],
      cost: '16.0000',
    });
  });

  it('LIFO: newest first', () => {
    expect(draw('LIFO', batches, '6.5')).toEqual({
      ok: true,
      draws: [
        { batchId: 'b3', quantity: '5.000', unitCost: '3.0000' },
        { batchId: 'b2', quantity: '1.500', unitCost: '2.0000' },
      ],
      cost: '18.0000',
    });
  });

  it('AVCO: quantities oldest first, every draw costed at the location average at the moment of sale', () => {
    // 3 x 1 + 5 x 2 + 5 x 3 = 28 over 13 = 2.153846... -> 2.1538
    expect(stockFigures(batches).averageCost).toBe('2.1538');
    expect(draw('AVCO', batches, '4')).toEqual({
      ok: true,
      draws: [
        { batchId: 'b1', quantity: '3.000', unitCost: '2.1538' },
        { batchId: 'b2', quantity: '1.000', unitCost: '2.1538' },
      ],
      cost: '8.6152',
    });
    // 0.333 x 2.1538 = 0.7172154 -> 0.7172 (cost rounded once, to 4 places)
    expect(draw('AVCO', batches, '0.333')).toMatchObject({ cost: '0.7172' });
  });

  it('refuses more than the location holds, carrying the quantity asked and on hand', () => {
    expect(draw('FIFO', batches, '13.5')).toEqual({
      ok: false,
      problem: { code: 'INSUFFICIENT_STOCK', field: 'items.0.quantity', itemID: 'item-1', asked: '13.500', onHand: '13.000', message: 'Only 13.000 on hand; 13.500 asked.' },
    });
    expect(draw('LIFO', [], '1')).toMatchObject({ ok: false, problem: { asked: '1.000', onHand: '0.000' } });
    // All of it at the rounded average: 13 x 2.1538 = 27.9994, not the 28 the batches hold (AVCO's
    // cost is the average the item shows, times the quantity).
    expect(draw('AVCO', batches, '13')).toMatchObject({ ok: true, cost: '27.9994' });
  });

  it('refuses to order batches by a date it cannot read', () => {
    const bad = [batch('b1', '1', '1', at(1)), batch('b2', '1', '1', 'yesterday')];
    expect(() => drawOrder(bad, 'FIFO')).toThrow(new RangeError('Not a date: yesterday'));
  });

  it('lets a line choose its method only under SELECT', () => {
    expect(lineValuationMethod('SELECT', 'LIFO', 'f')).toEqual({ ok: true, method: 'LIFO' });
    expect(lineValuationMethod('SELECT', null, 'f')).toMatchObject({ ok: false, problem: { code: 'METHOD_REQUIRED', field: 'f' } });
    expect(lineValuationMethod('SELECT', 'SELECT', 'f')).toMatchObject({ ok: false, problem: { code: 'METHOD_REQUIRED' } });
    expect(lineValuationMethod('AVCO', undefined, 'f')).toEqual({ ok: true, method: 'AVCO' });
    expect(lineValuationMethod('FIFO', 'FIFO', 'f')).toEqual({ ok: true, method: 'FIFO' });
    expect(lineValuationMethod('FIFO', 'LIFO', 'f')).toMatchObject({ ok: false, problem: { code: 'METHOD_NOT_SELECTABLE' } });
  });

  it('locks each batch once, in ascending id order (PostgreSQL uuid order for lowercase uuids)', () => {
    const ids = ['9b2e0c1e-0000-4000-8000-000000000000', '0a2e0c1e-0000-4000-8000-000000000000', 'f0000000-0000-4000-8000-000000000000', '0a2e0c1e-0000-4000-8000-000000000000'];
    expect(batchLockOrder(ids)).toEqual(['0a2e0c1e-0000-4000-8000-000000000000', '9b2e0c1e-0000-4000-8000-000000000000', 'f0000000-0000-4000-8000-000000000000']);
  });

  it('merges movements per batch in lock order and applies them to quantitySold', () => {
    const moves = [
      { batchId: 'b2', quantity: '1.5' },
      { batchId: 'b1', quantity: '1' },
      { batchId: 'b2', quantity: '0.5' },
      { batchId: 'b3', quantity: '1' },
      { batchId: 'b3', quantity: '-1' },
    ];
    expect(mergeMovements(moves)).toEqual([
      { batchId: 'b1', quantity: '1.000' },
      { batchId: 'b2', quantity: '2.000' },
    ]);
    expect(applyMovements(batches, moves).map((b) => [b.id, b.quantitySold])).toEqual([
      ['b3', '0.000'],
      ['b1', '2.000'],
      ['b2', '2.000'],
      ['b0', '9'],
      ['bx', '0'],
    ]);
    expect(drawsCost([{ batchId: 'b1', quantity: '3', unitCost: '1.25', returned: '1' }])).toBe('2.5000');
  });
});

// ---- Properties over random batches --------------------------------------------------------

interface RawBatch {
  quantity: number;
  soldShare: number;
  cost: number;
  day: number;
  hour: number;
  deleted: boolean;
}
const batchesArb: fc.Arbitrary<RawBatch[]> = fc.array(
  fc.record({
    quantity: fc.integer({ min: 0, max: 50_000 }), // thousandths
    soldShare: fc.integer({ min: 0, max: 100 }),
    cost: fc.integer({ min: 0, max: 9_999_999 }), // ten-thousandths
    day: fc.integer({ min: 1, max: 5 }),
    hour: fc.integer({ min: 0, max: 3 }), // the creation day, independent of dateAdded
    deleted: fc.boolean(),
  }),
  { maxLength: 8 },
);
const toBatches = (raw: RawBatch[]): SaleBatch[] =>
  raw.map((r, index) => {
    const sold = Math.floor((r.quantity * r.soldShare) / 100);
    return batch(`b${index}`, new Big(r.quantity).div(1000).toFixed(3), new Big(r.cost).div(10000).toFixed(4), at(r.day), at(r.hour + 1), new Big(sold).div(1000).toFixed(3), r.deleted && r.soldShare % 3 === 0 ? at(9) : null);
  });
const available = (b: SaleBatch) => (b.deletedAt ? new Big(0) : new Big(b.quantity).minus(b.quantitySold));
const key = (b: SaleBatch) => [Date.parse(b.dateAdded as string), Date.parse(b.createdAt as string), b.id] as const;
const before = (a: SaleBatch, b: SaleBatch) => {
  const [x, y] = [key(a), key(b)];
  return x[0] !== y[0] ? x[0] < y[0] : x[1] !== y[1] ? x[1] < y[1] : x[2] < y[2];
};

describe('batch draws (property)', () => {
  it('never take more than a batch has, sum to the quantity asked, follow the method order, and cost consistently', () => {
    fc.assert(
      fc.property(batchesArb, fc.constantFrom<ValuationMethod>('FIFO', 'LIFO', 'AVCO'), fc.integer({ min: 1, max: 100_000 }), (raw, method, askedMilli) => {
        const batches = toBatches(raw);
        const asked = new Big(askedMilli).div(1000);
        const onHand = batches.reduce((s, b) => s.plus(available(b)), new Big(0));
        const result = draw(method, batches, asked.toFixed(3));
        if (asked.gt(onHand)) {
          expect(result).toMatchObject({ ok: false, problem: { code: 'INSUFFICIENT_STOCK', asked: asked.toFixed(3), onHand: onHand.toFixed(3) } });
          return;
        }
        if (!result.ok) throw new Error('refused a quantity on hand');
        const byId = new Map(batches.map((b) => [b.id, b]));
        const total = result.draws.reduce((s, d) => s.plus(d.quantity), new Big(0));
        expect(total.eq(asked)).toBe(true);
        expect(new Set(result.draws.map((d) => d.batchId)).size).toBe(result.draws.length);
        for (const d of result.draws) {
          const from = byId.get(d.batchId) as SaleBatch;
          expect(new Big(d.quantity).gt(0) && new Big(d.quantity).lte(available(from))).toBe(true);
        }
        // Order: FIFO/AVCO oldest first, LIFO newest first; every draw but the last empties its batch,
        // and no skipped batch with stock comes before a drawn one in the method's order.
        const drawn = result.draws.map((d) => byId.get(d.batchId) as SaleBatch);
        for (let i = 1; i < drawn.length; i++) expect(method === 'LIFO' ? before(drawn[i], drawn[i - 1]) : before(drawn[i - 1], drawn[i])).toBe(true);
        result.draws.slice(0, -1).forEach((d) => expect(new Big(d.quantity).eq(available(byId.get(d.batchId) as SaleBatch))).toBe(true));
        const last = drawn[drawn.length - 1];
        for (const skipped of batches.filter((b) => available(b).gt(0) && !drawn.includes(b))) {
          expect(method === 'LIFO' ? before(skipped, last) : before(last, skipped)).toBe(true);
        }
        if (method === 'AVCO') {
          const average = stockFigures(batches).averageCost;
          result.draws.forEach((d) => expect(d.unitCost).toBe(average));
          expect(result.cost).toBe(asked.times(average).toFixed(4));
        } else {
          result.draws.forEach((d) => expect(d.unitCost).toBe((byId.get(d.batchId) as SaleBatch).cost));
          expect(result.cost).toBe(result.draws.reduce((s, d) => s.plus(new Big(d.quantity).times(d.unitCost)), new Big(0)).toFixed(4));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('drawOrder is a permutation of the batches with stock, whatever order they come in', () => {
    fc.assert(
      fc.property(batchesArb, fc.constantFrom<ValuationMethod>('FIFO', 'LIFO', 'AVCO'), (raw, method) => {
        const batches = toBatches(raw);
        const shuffled = [...batches].reverse();
        expect(drawOrder(shuffled, method).map((b) => b.id)).toEqual(drawOrder(batches, method).map((b) => b.id));
        expect(drawOrder(batches, method).map((b) => b.id).sort()).toEqual(batches.filter((b) => available(b).gt(0)).map((b) => b.id).sort());
      }),
    );
  });
});
