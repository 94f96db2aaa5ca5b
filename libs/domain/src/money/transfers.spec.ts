import Big from 'big.js';
import fc from 'fast-check';
import { remainingOf } from '../stock';
import { drawStock, type BatchMovement, type SaleBatch, type ValuationMethod } from '../sales/batch-draw';
import { postToLedger, type LocationBalances } from '../sales/ledger';
import { changeTransfer, giveBack, partsValue, planTransfer, planTransferLines, shareByWeight, splitTransferCost, spreadCost, type CostIncursion, type TransferPart, type TransferStatus } from './transfers';

const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
const batch = (id: string, quantity: string, cost: string, day: number, quantitySold = '0'): SaleBatch => ({
  id,
  locationID: 'src',
  quantity,
  quantitySold,
  cost,
  dateAdded: at(day),
  createdAt: at(day),
  deletedAt: null,
});
const plan = (batches: SaleBatch[], quantity: string, method: ValuationMethod, transferCost = '0', costIncursion: CostIncursion | null = null) =>
  planTransfer({ batches, quantity, method, transferCost, costIncursion, currency: 'USD', itemID: 'item-1' });

const value = (parts: readonly TransferPart[], cost: 'unitCost' | 'arrivedCost') => new Big(partsValue(parts, cost));

describe('the parts a transfer draws', () => {
  // b1 oldest (2 of 10 sold), b2, b3 newest.
  const batches = [batch('b3', '5', '3.0000', 3), batch('b1', '10', '1.0000', 1, '2'), batch('b2', '4', '2.5000', 2)];

  it('FIFO: oldest first, each part at its batch cost, the partly drawn batch marked split', () => {
    const result = plan(batches, '10', 'FIFO');
    expect(result).toMatchObject({
      ok: true,
      parts: [
        { batchId: 'b1', quantity: '8.000', unitCost: '1.0000', previousQuantity: '10.000', split: false, arrivedCost: '1.0000' },
        { batchId: 'b2', quantity: '2.000', unitCost: '2.5000', previousQuantity: '4.000', split: true, arrivedCost: '2.5000' },
      ],
      reserve: [
        { batchId: 'b1', quantity: '-8.000' },
        { batchId: 'b2', quantity: '-2.000' },
      ],
      valueSent: '13.0000000',
      shares: { source: '0.0000', destination: '0.0000' },
    });
  });

  it('LIFO: newest first', () => {
    const result = plan(batches, '6', 'LIFO');
    expect(result.ok && result.parts.map((p) => [p.batchId, p.quantity, p.split])).toEqual([
      ['b3', '5.000', false],
      ['b2', '1.000', true],
    ]);
  });

  it('AVCO: drawn oldest first, each part keeping its batch own cost so no value is lost to rounding', () => {
    const result = plan(batches, '9', 'AVCO');
    expect(result.ok && result.parts.map((p) => [p.batchId, p.quantity, p.unitCost])).toEqual([
      ['b1', '8.000', '1.0000'],
      ['b2', '1.000', '2.5000'],
    ]);
  });

  it('refuses more than the source holds (reserved stock is no longer there)', () => {
    expect(plan(batches, '17.001', 'FIFO')).toMatchObject({ ok: false, problem: { code: 'INSUFFICIENT_STOCK', field: 'transferQuantity', asked: '17.001', onHand: '17.000' } });
  });

  it('refuses a cost nobody bears', () => {
    expect(plan(batches, '1', 'FIFO', '5', null)).toMatchObject({ ok: false, problem: { code: 'COST_INCURSION_REQUIRED', field: 'costIncursion' } });
  });
});

describe('who bears the transfer cost', () => {
  it('Source pays it all, Destination carries it all, Both halves it with the odd cent to the destination', () => {
    expect(splitTransferCost('10.01', 'Source', 'USD')).toEqual({ source: '10.0100', destination: '0.0000' });
    expect(splitTransferCost('10.01', 'Destination', 'USD')).toEqual({ source: '0.0000', destination: '10.0100' });
    expect(splitTransferCost('10.01', 'Both', 'USD')).toEqual({ source: '5.0000', destination: '5.0100' });
    expect(splitTransferCost('10.0001', 'Both', 'USD')).toEqual({ source: '5.0000', destination: '5.0001' });
    expect(splitTransferCost('0', null, 'USD')).toEqual({ source: '0.0000', destination: '0.0000' });
  });

  it('Destination: 10 over 3 units is 3.3333 on two units and 3.3334 on one, splitting the part in two', () => {
    const result = plan([batch('b1', '5', '2.0000', 1)], '3', 'FIFO', '10', 'Destination');
    expect(result).toMatchObject({
      ok: true,
      parts: [
        { batchId: 'b1', quantity: '2.000', arrivedCost: '5.3333', split: true },
        { batchId: 'b1', quantity: '1.000', arrivedCost: '5.3334', split: true },
      ],
    });
    // 3 x 3.3333 = 9.9999: the missing 0.0001 goes as one more 0.0001 on one unit; 6 sent + 10 = 16 exactly.
    if (result.ok) expect(value(result.parts, 'arrivedCost').toFixed(7)).toBe('16.0000000');
  });

  it('an even spread keeps the parts whole', () => {
    const result = plan([batch('b1', '2', '1.0000', 1), batch('b2', '2', '3.0000', 2)], '4', 'FIFO', '2', 'Destination');
    expect(result.ok && result.parts.map((p) => [p.batchId, p.quantity, p.arrivedCost, p.split])).toEqual([
      ['b1', '2.000', '1.5000', false],
      ['b2', '2.000', '3.5000', false],
    ]);
  });
});

describe('status changes', () => {
  const cases: [TransferStatus, boolean, 'complete' | 'cancel' | 'delete', string | { status: TransferStatus; restock: boolean; arrive: boolean }][] = [
    ['Pending', false, 'complete', { status: 'Completed', restock: false, arrive: true }],
    ['Pending', false, 'cancel', { status: 'Cancelled', restock: true, arrive: false }],
    ['Pending', false, 'delete', { status: 'Pending', restock: true, arrive: false }],
    ['Cancelled', false, 'delete', { status: 'Cancelled', restock: false, arrive: false }],
    ['Completed', false, 'complete', 'TRANSFER_STATUS'],
    ['Completed', false, 'cancel', 'TRANSFER_STATUS'],
    ['Completed', false, 'delete', 'TRANSFER_STATUS'],
    ['Cancelled', false, 'complete', 'TRANSFER_STATUS'],
    ['Cancelled', false, 'cancel', 'TRANSFER_STATUS'],
    ['Pending', true, 'complete', 'TRANSFER_STATUS'],
    ['Pending', true, 'delete', 'TRANSFER_STATUS'],
  ];
  it.each(cases)('%s (deleted %s) -> %s', (status, deleted, action, expected) => {
    const result = changeTransfer({ status, deletedAt: deleted ? at(1) : null }, action);
    if (typeof expected === 'string') expect(result).toMatchObject({ ok: false, problem: { code: expected, message: expect.any(String) } });
    else expect(result).toEqual({ ok: true, ...expected });
  });
});

// ---- Property: nothing appears or disappears -----------------------------------------------------

interface Transfer {
  parts: TransferPart[];
  status: TransferStatus;
  deleted: boolean;
  /** The request's cost and who bears it, as the transfer row keeps them. */
  cost: string;
  incursion: CostIncursion | null;
  destination: Big;
}

/** What the source pays, from the request alone: all of a Source cost, none of a Destination one, the half of a Both one rounded down to the penny. */
function paidAtSource(cost: string, incursion: CostIncursion | null): Big {
  const tenThousandths = new Big(cost).times(10_000).toNumber();
  const paid = incursion === 'Source' ? tenThousandths : incursion === 'Both' ? Math.floor(tenThousandths / 200) * 100 : 0;
  return new Big(paid).div(10_000);
}

type Step =
  | { kind: 'create'; quantity: string; method: ValuationMethod; cost: string; incursion: CostIncursion | null }
  | { kind: 'complete' | 'cancel' | 'delete'; pick: number }
  | { kind: 'sell'; quantity: string };

const decimal = (max: number, places: number) => fc.integer({ min: 1, max: max * 10 ** places }).map((n) => new Big(n).div(10 ** places).toFixed(places));
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    quantity: decimal(12, 3),
    method: fc.constantFrom<ValuationMethod>('FIFO', 'LIFO', 'AVCO'),
    cost: fc.oneof(fc.constant('0'), decimal(50, 4)),
    incursion: fc.constantFrom<CostIncursion | null>('Source', 'Destination', 'Both', null),
  }),
  fc.record({ kind: fc.constantFrom('complete' as const, 'cancel' as const, 'delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('sell' as const), quantity: decimal(5, 3) }),
);
const batchesArb = fc.array(fc.tuple(decimal(10, 3), decimal(20, 4)), { minLength: 1, maxLength: 5 }).map((list) => list.map(([quantity, cost], i) => batch(`b${i}`, quantity, cost, i + 1)));

/** Applies `quantity` changes (the stock service's reserve and give back). */
const moveQuantity = (batches: SaleBatch[], movements: readonly BatchMovement[]) =>
  batches.map((b) => {
    const m = movements.filter((movement) => movement.batchId === b.id);
    return m.length ? { ...b, quantity: m.reduce((q, movement) => q.plus(movement.quantity), new Big(b.quantity)).toFixed(3) } : b;
  });
const onHand = (batches: readonly SaleBatch[]) => batches.reduce((sum, b) => sum.plus(remainingOf(b)), new Big(0));
const worth = (batches: readonly SaleBatch[]) => batches.reduce((sum, b) => sum.plus(remainingOf(b).times(b.cost)), new Big(0));

describe('property: no quantity or value appears or disappears across transfers', () => {
  it('create / complete / cancel / delete with each cost incursion, between sales', () => {
    fc.assert(
      fc.property(batchesArb, fc.array(stepArb, { maxLength: 25 }), (initial, steps) => {
        let source = initial;
        let destination: SaleBatch[] = [];
        const transfers: Transfer[] = [];
        let soldQuantity = new Big(0);
        let soldValue = new Big(0);
        // The source location's money book: completing posts its share of the cost, as TransfersService.complete does.
        let sourceBook: LocationBalances = { currentBalance: '0', creditBalance: '0' };
        const startQuantity = onHand(initial);
        const startValue = worth(initial);

        for (const step of steps) {
          if (step.kind === 'sell') {
            const sale = drawStock({ batches: source, quantity: step.quantity, method: 'FIFO', itemID: 'i', field: 'q' });
            if (!sale.ok) continue;
            for (const draw of sale.draws) {
              source = source.map((b) => (b.id === draw.batchId ? { ...b, quantitySold: new Big(b.quantitySold).plus(draw.quantity).toFixed(3) } : b));
              soldQuantity = soldQuantity.plus(draw.quantity);
              soldValue = soldValue.plus(new Big(draw.quantity).times(draw.unitCost));
            }
          } else if (step.kind === 'create') {
            const before = worth(source);
            const result = plan(source, step.quantity, step.method, step.cost, step.incursion);
            if (!result.ok) {
              expect(['INSUFFICIENT_STOCK', 'COST_INCURSION_REQUIRED']).toContain(result.problem.code);
              continue;
            }
            source = moveQuantity(source, result.reserve);
            // Value at the source before = value left + value sent.
            expect(before.eq(worth(source).plus(result.valueSent))).toBe(true);
            // Quantity: the parts add up to what was asked.
            expect(result.parts.reduce((s, p) => s.plus(p.quantity), new Big(0)).eq(step.quantity)).toBe(true);
            // The shares add up to the cost; the destination's is spread exactly.
            expect(new Big(result.shares.source).plus(result.shares.destination).eq(step.incursion ? step.cost : 0)).toBe(true);
            expect(value(result.parts, 'arrivedCost').eq(new Big(result.valueSent).plus(result.shares.destination))).toBe(true);
            for (const part of result.parts) expect(part.arrivedCost).toMatch(/^\d+\.\d{4}$/);
            transfers.push({ parts: result.parts, status: 'Pending', deleted: false, cost: step.cost, incursion: step.incursion, destination: new Big(result.shares.destination) });
          } else {
            const transfer = transfers[step.pick % Math.max(1, transfers.length)];
            if (!transfer) continue;
            const change = changeTransfer({ status: transfer.status, deletedAt: transfer.deleted ? at(1) : null }, step.kind);
            if (!change.ok) {
              expect(change.problem.code).toBe('TRANSFER_STATUS');
              continue;
            }
            if (change.restock) source = moveQuantity(source, giveBack(transfer.parts));
            if (change.arrive) {
              destination = [...destination, ...transfer.parts.map((p, i) => ({ ...batch(`a${destination.length + i}`, p.quantity, p.arrivedCost, 1), locationID: 'dst' }))];
              const shares = splitTransferCost(transfer.cost, transfer.incursion, 'USD');
              sourceBook = postToLedger(sourceBook, [{ transactionType: 'Transfer', amount: `-${shares.source}`, creditChange: '0' }]);
            }
            transfer.status = change.status;
            if (step.kind === 'delete') transfer.deleted = true;
          }

          // Invariants after every step.
          for (const b of source) expect(new Big(b.quantitySold).lte(b.quantity)).toBe(true);
          const pending = transfers.filter((t) => t.status === 'Pending' && !t.deleted);
          const completed = transfers.filter((t) => t.status === 'Completed');
          const reservedQuantity = pending.flatMap((t) => t.parts).reduce((s, p) => s.plus(p.quantity), new Big(0));
          expect(onHand(source).plus(reservedQuantity).plus(onHand(destination)).plus(soldQuantity).eq(startQuantity)).toBe(true);
          const reservedValue = pending.reduce((s, t) => s.plus(value(t.parts, 'unitCost')), new Big(0));
          const carried = completed.reduce((s, t) => s.plus(t.destination), new Big(0));
          expect(worth(source).plus(reservedValue).plus(worth(destination)).minus(carried).plus(soldValue).eq(startValue)).toBe(true);
          // The source paid exactly its share of each completed transfer, figured from the requests alone.
          expect(new Big(sourceBook.currentBalance).neg().eq(completed.reduce((s, t) => s.plus(paidAtSource(t.cost, t.incursion)), new Big(0)))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the destination share spreads exactly over any parts', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(decimal(10, 3), decimal(20, 4)), { minLength: 1, maxLength: 4 }), decimal(100, 4), (list, share) => {
        const parts = list.map(([quantity, unitCost], i) => ({ batchId: `b${i}`, quantity, unitCost, previousQuantity: quantity, split: false }));
        const spread = spreadCost(parts, share);
        expect(value(spread, 'arrivedCost').eq(value(spread, 'unitCost').plus(share))).toBe(true);
        expect(value(spread, 'unitCost').eq(value(parts.map((p) => ({ ...p, arrivedCost: '0' })), 'unitCost'))).toBe(true);
        expect(spread.length).toBeLessThanOrEqual(parts.length + 1);
      }),
      { numRuns: 500 },
    );
  });
});


describe('a transfer of several lines (issue 24, rule 5)', () => {
  const hammers = [batch('h1', '10', '4.0000', 1)];
  const teas = [{ ...batch('t1', '6', '1.0000', 1), id: 't1' }];

  it('draws each line from its own batches and splits the destination’s cost over the lines by the value each sends, exactly', () => {
    // 4 hammers at 4 (16) and 3 teas at 1 (3): 10.00 over 19 of value, 16/19 and 3/19 of it.
    const result = planTransferLines({
      lines: [
        { itemID: 'hammer', quantity: '4', batches: hammers },
        { itemID: 'tea', quantity: '3', batches: teas },
      ],
      method: 'FIFO',
      transferCost: '10',
      costIncursion: 'Destination',
      currency: 'USD',
    });
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.lines.map((line) => [line.itemID, line.quantity, line.valueSent, line.costShare])).toEqual([
      ['hammer', '4.000', '16.0000000', '8.4211'],
      ['tea', '3.000', '3.0000000', '1.5789'],
    ]);
    // Every line's stock carries its share to the last 0.0001, and the two shares are the whole cost.
    for (const line of result.lines) expect(value(line.parts, 'arrivedCost').minus(value(line.parts, 'unitCost')).eq(line.costShare)).toBe(true);
    expect(value(result.parts, 'arrivedCost').minus(value(result.parts, 'unitCost')).eq('10')).toBe(true);
    expect(result.reserve).toEqual([
      { batchId: 'h1', quantity: '-4.000' },
      { batchId: 't1', quantity: '-3.000' },
    ]);
  });

  it('names the line short of stock', () => {
    const result = planTransferLines({ lines: [{ itemID: 'hammer', quantity: '4', batches: hammers }, { itemID: 'tea', quantity: '7', batches: teas }], method: 'FIFO', transferCost: '0', costIncursion: null, currency: 'USD' });
    expect(result).toMatchObject({ ok: false, problem: { code: 'INSUFFICIENT_STOCK', itemID: 'tea', asked: '7.000', onHand: '6.000' } });
  });

  it('shares any amount over any weights exactly, each share within 0.0001 of its proportion (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((units) => new Big(units).div(10_000).toFixed(4));
    const weight = fc.integer({ min: 0, max: 1_000_000 }).map((units) => new Big(units).div(1000).toFixed(7));
    fc.assert(
      fc.property(amount, fc.array(weight, { minLength: 1, maxLength: 8 }), (total, weights) => {
        const shares = shareByWeight(total, weights);
        expect(shares.reduce((sum, share) => sum.plus(share), new Big(0)).eq(total)).toBe(true);
        const whole = weights.reduce((sum, w) => sum.plus(w), new Big(0));
        shares.forEach((share, index) => {
          expect(new Big(share).gte(0)).toBe(true);
          const exact = whole.eq(0) ? new Big(total).div(weights.length) : new Big(total).times(weights[index]!).div(whole);
          expect(new Big(share).minus(exact).abs().lte('0.0001')).toBe(true);
        });
      }),
    );
  });
});
