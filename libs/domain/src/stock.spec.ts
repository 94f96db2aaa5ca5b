import fc from 'fast-check';
import { batchQuantityProblem, canDeleteBatch, formatQuantity, stockByLocation, stockFigures, stockValue, type StockBatch } from './stock';

const batch = (locationID: string, quantity: string, quantitySold: string, cost: string, deletedAt: string | null = null): StockBatch => ({
  locationID,
  quantity,
  quantitySold,
  cost,
  deletedAt,
});

describe('stock figures from batches', () => {
  it('totals what remains (quantity minus sold) and weights the average cost by it', () => {
    const figures = stockFigures([batch('a', '10', '4', '2.50'), batch('a', '5', '0', '4.00')]);
    // 6 left at 2.50 and 5 at 4.00: 35 / 11 = 3.181818...
    expect(figures).toEqual({ totalQuantity: '11.000', averageCost: '3.1818' });
  });

  it('ignores deleted batches, and gives 0 as the average with nothing on hand', () => {
    expect(stockFigures([batch('a', '3', '3', '9.99'), batch('a', '7', '0', '1.00', '2026-01-01')])).toEqual({
      totalQuantity: '0.000',
      averageCost: '0.0000',
    });
  });

  it('is exact where binary floating point is not', () => {
    expect(stockFigures([batch('a', '0.1', '0', '0.1'), batch('a', '0.2', '0', '0.2')])).toEqual({
      totalQuantity: '0.300',
      averageCost: '0.1667',
    });
  });

  it('groups by location', () => {
    expect(stockByLocation([batch('a', '2', '0', '1'), batch('b', '3', '1', '5'), batch('a', '2', '0', '3')])).toEqual([
      { locationID: 'a', totalQuantity: '4.000', averageCost: '2.0000' },
      { locationID: 'b', totalQuantity: '2.000', averageCost: '5.0000' },
    ]);
  });

  it('refuses a quantity below what was sold, and deleting a batch that sold', () => {
    expect(batchQuantityProblem('3', '4')).toBe('Quantity cannot go below the 4 already sold from this batch.');
    expect(batchQuantityProblem('-1', '0')).toBe('Quantity cannot be negative.');
    expect(batchQuantityProblem('4', '4')).toBeNull();
    expect(batchQuantityProblem('0', '0')).toBe('Quantity must be more than 0.');
    expect(batchQuantityProblem('0.000', '0')).toBe('Quantity must be more than 0.');
    expect(batchQuantityProblem('0.001', '0')).toBeNull();
    expect(canDeleteBatch({ quantitySold: '0' })).toBe(true);
    expect(canDeleteBatch({ quantitySold: '0.001' })).toBe(false);
  });
});

// ---- Property: any sequence of batch adds, updates, sales and deletes ---------------------------
// The oracle works in integers (thousandths of a unit, ten-thousandths of money) with BigInt, so
// it shares no arithmetic with the code under test.

type Operation =
  | { kind: 'add'; location: number; quantity: number; cost: number }
  | { kind: 'update'; pick: number; quantity: number }
  | { kind: 'sell'; pick: number; amount: number }
  | { kind: 'delete'; pick: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), location: fc.integer({ min: 0, max: 2 }), quantity: fc.integer({ min: 1, max: 5_000_000 }), cost: fc.integer({ min: 0, max: 99_999_999 }) }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), quantity: fc.integer({ min: 0, max: 5_000_000 }) }),
  fc.record({ kind: fc.constant('sell' as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

interface ModelBatch {
  location: string;
  quantity: bigint; // thousandths
  sold: bigint; // thousandths
  cost: bigint; // ten-thousandths
  deleted: boolean;
}

const milli = (value: bigint) => `${value / 1000n}.${String(value % 1000n).padStart(3, '0')}`;
const tenThousandths = (value: bigint) => `${value / 10000n}.${String(value % 10000n).padStart(4, '0')}`;

function toStockBatch(model: ModelBatch): StockBatch {
  return batch(model.location, milli(model.quantity), milli(model.sold), tenThousandths(model.cost), model.deleted ? '2026-01-01' : null);
}

/** Σ remaining × cost / Σ remaining, rounded half up to 4 places, in integers. */
function oracle(models: readonly ModelBatch[]): { totalQuantity: string; averageCost: string } {
  const live = models.filter((model) => !model.deleted);
  const quantity = live.reduce((sum, model) => sum + (model.quantity - model.sold), 0n);
  const value = live.reduce((sum, model) => sum + (model.quantity - model.sold) * model.cost, 0n); // scale 3 + 4
  if (quantity === 0n) return { totalQuantity: milli(0n), averageCost: tenThousandths(0n) };
  // value / quantity has scale 4; round half up on the remainder.
  const whole = value / quantity;
  const rest = value % quantity;
  return { totalQuantity: milli(quantity), averageCost: tenThousandths(rest * 2n >= quantity ? whole + 1n : whole) };
}

describe('stock figures, for any sequence of batch changes (property)', () => {
  it('always equal the sums over the live batches, overall and per location, and the rules keep stock non-negative', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        const models: ModelBatch[] = [];
        for (const op of operations) {
          const live = models.filter((model) => !model.deleted);
          const target = 'pick' in op && live.length ? live[op.pick % live.length] : undefined;
          if (op.kind === 'add') {
            models.push({ location: `loc-${op.location}`, quantity: BigInt(op.quantity), sold: 0n, cost: BigInt(op.cost), deleted: false });
          } else if (op.kind === 'update' && target) {
            if (batchQuantityProblem(milli(BigInt(op.quantity)), milli(target.sold)) === null) target.quantity = BigInt(op.quantity);
            // Refused only for a quantity of 0 (a batch holds something) or below what was sold.
            else expect(op.quantity === 0 || BigInt(op.quantity) < target.sold).toBe(true);
          } else if (op.kind === 'sell' && target) {
            const amount = BigInt(op.amount);
            if (target.sold + amount <= target.quantity) target.sold += amount;
          } else if (op.kind === 'delete' && target) {
            if (canDeleteBatch(toStockBatch(target))) target.deleted = true;
            else expect(target.sold).toBeGreaterThan(0n);
          }
          const batches = models.map(toStockBatch);
          expect(stockFigures(batches)).toEqual(oracle(models));
          for (const perLocation of stockByLocation(batches)) {
            const here = models.filter((model) => model.location === perLocation.locationID);
            expect({ totalQuantity: perLocation.totalQuantity, averageCost: perLocation.averageCost }).toEqual(oracle(here));
          }
          for (const model of models) expect(model.quantity - model.sold >= 0n).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('stockValue and formatQuantity', () => {
  it('values live batches at their own costs, exactly', () => {
    const batches = [
      { locationID: 'a', quantity: '10', quantitySold: '4', cost: '0.1' },
      { locationID: 'b', quantity: '3', quantitySold: '0', cost: '0.2' },
      { locationID: 'a', quantity: '99', quantitySold: '0', cost: '5', deletedAt: '2026-01-01T00:00:00Z' },
    ];
    expect(stockValue(batches)).toBe('1.2000');
    expect(stockValue([])).toBe('0.0000');
  });

  it('writes quantities without trailing zeros', () => {
    expect(formatQuantity('10.500')).toBe('10.5');
    expect(formatQuantity('4.000')).toBe('4');
    expect(formatQuantity('0.000')).toBe('0');
    expect(formatQuantity('120')).toBe('120');
  });
});
