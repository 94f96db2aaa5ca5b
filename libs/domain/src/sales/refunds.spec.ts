import Big from 'big.js';
import fc from 'fast-check';
import type { SaleBatch, ValuationMethod } from './batch-draw';
import { planCancel } from './cancel';
import type { RecordedInvoice } from './recorded-invoice';
import { remainingTotals, withReturns } from './recorded-invoice';
import { planRefund, type CreditNoteFigures, type RefundRequest } from './refunds';
import { paymentsOf } from './payments';
import { planSale } from './sale';

// Tea: 3 drawn from b1 at 1.00, then 2 from b2 at 2.00 (FIFO); a mug: 1 from m1 at 4.00.
const invoice: RecordedInvoice = {
  paidAmount: '40.0000',
  lines: [
    {
      lineId: 'tea',
      price: '6.00',
      discount: '1.00',
      draws: [
        { batchId: 'b1', quantity: '3.000', unitCost: '1.0000', returned: '0.000' },
        { batchId: 'b2', quantity: '2.000', unitCost: '2.0000', returned: '0.000' },
      ],
    },
    { lineId: 'mug', price: '15.00', discount: '0', draws: [{ batchId: 'm1', quantity: '1.000', unitCost: '4.0000', returned: '0.000' }] },
  ],
};
// Grand total 5 x 5 + 15 = 40, all paid; cost 3 + 4 + 4 = 11.

describe('refunds', () => {
  it('returns a partial line last drawn first, to the very batches, and pays back the refunded value', () => {
    expect(planRefund(invoice, { lines: [{ lineId: 'tea', quantity: '3' }], amount: '15' }, 'GBP')).toEqual({
      ok: true,
      returns: [
        { lineId: 'tea', batchId: 'b2', quantity: '2.000' },
        { lineId: 'tea', batchId: 'b1', quantity: '1.000' },
      ],
      restock: [
        { batchId: 'b1', quantity: '-1.000' },
        { batchId: 'b2', quantity: '-2.000' },
      ],
      lines: [
        { lineId: 'tea', quantity: '2.000', cost: '2.0000', amounts: { amount: '12.0000', discount: '2.0000', total: '10.0000', tax: '0.0000' } },
        { lineId: 'mug', quantity: '1.000', cost: '4.0000', amounts: { amount: '15.0000', discount: '0.0000', total: '15.0000', tax: '0.0000' } },
      ],
      totals: { totalAmount: '27.0000', totalDiscount: '2.0000', totalTax: '0.0000', grandTotal: '25.0000', totalQuantity: '3.000', paidAmount: '25.0000', outstanding: '0.0000', totalCost: '6.0000', netResult: '19.0000' },
      payment: { paidAmount: '25.0000', outstanding: '0.0000', settled: true, credit: false },
      creditNote: {
        lines: [{ lineId: 'tea', quantity: '3.000', total: '15.0000', tax: '0.0000', cost: '5.0000' }],
        totalAmount: '18.0000',
        totalDiscount: '3.0000',
        totalQuantity: '3.000',
        totalTax: '0.0000',
        grandTotal: '15.0000',
        totalCost: '5.0000',
        amountPaidBack: '15.0000',
      },
      fullyRefunded: false,
      movement: { transactionType: 'Refund', amount: '-15.0000', creditChange: '0.0000' },
    });
  });

  it('never takes back more than was sold and not yet refunded', () => {
    const once = planRefund(invoice, { lines: [{ lineId: 'tea', quantity: '4' }], amount: '20' }, 'GBP');
    if (!once.ok) throw new Error(once.problem.message);
    const after: RecordedInvoice = { paidAmount: once.payment.paidAmount, lines: withReturns(invoice.lines, once.returns) };
    expect(planRefund(after, { lines: [{ lineId: 'tea', quantity: '1.001' }], amount: '0' }, 'GBP')).toEqual({
      ok: false,
      problem: { code: 'OVER_REFUND', field: 'items.0.quantity', limit: '1.000', message: 'Only 1.000 of this line can still be refunded.' },
    });
    expect(planRefund(after, { lines: [{ lineId: 'tea', quantity: '1' }], amount: '5' }, 'GBP')).toMatchObject({ ok: true, returns: [{ lineId: 'tea', batchId: 'b1', quantity: '1.000' }] });
  });

  it('pays back at least what the customer would have overpaid and at most what they paid and return', () => {
    const ask = (amount: string, paidAmount = '40.0000'): ReturnType<typeof planRefund> => planRefund({ ...invoice, paidAmount }, { lines: [{ lineId: 'mug', quantity: '1' }], amount }, 'GBP');
    // Paid in full: exactly the mug's 15.
    expect(ask('15.01')).toMatchObject({ ok: false, problem: { code: 'OVER_REFUND', field: 'amount', limit: '15.0000' } });
    expect(ask('14.99')).toMatchObject({ ok: false, problem: { code: 'UNDER_REFUND', field: 'amount', limit: '15.0000' } });
    // 10 paid of 40 (on credit): anything from 0 to 10; paying back 0 leaves 15 outstanding, never more than the 30 before.
    expect(ask('10.01', '10.0000')).toMatchObject({ ok: false, problem: { code: 'OVER_REFUND', limit: '10.0000' } });
    expect(ask('0', '10.0000')).toMatchObject({ ok: true, payment: { paidAmount: '10.0000', outstanding: '15.0000', credit: true }, movement: { amount: '0.0000', creditChange: '-15.0000' } });
    expect(ask('10', '10.0000')).toMatchObject({ ok: true, payment: { paidAmount: '0.0000', outstanding: '25.0000' }, movement: { amount: '-10.0000', creditChange: '-5.0000' } });
    expect(ask('1.234', '10.0000')).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'amount' } });
  });

  it('pays back the most allowed when no amount is given: what was paid, up to the value returned', () => {
    const mug = { lines: [{ lineId: 'mug', quantity: '1' }] };
    expect(planRefund(invoice, mug, 'GBP')).toMatchObject({ ok: true, movement: { amount: '-15.0000' }, payment: { paidAmount: '25.0000', settled: true } });
    expect(planRefund({ ...invoice, paidAmount: '10.0000' }, { ...mug, amount: null }, 'GBP')).toMatchObject({ ok: true, movement: { amount: '-10.0000' } });
  });

  it('refuses unknown, repeated or empty lines and a cancelled invoice', () => {
    const ask = (request: RefundRequest, source: RecordedInvoice = invoice) => planRefund(source, request, 'GBP');
    expect(ask({ lines: [], amount: '0' })).toMatchObject({ ok: false, problem: { code: 'NO_LINES' } });
    expect(ask({ lines: [{ lineId: 'nope', quantity: '1' }], amount: '0' })).toMatchObject({ ok: false, problem: { code: 'UNKNOWN_LINE', field: 'items.0.lineId' } });
    expect(ask({ lines: [{ lineId: 'mug', quantity: '1' }, { lineId: 'mug', quantity: '1' }], amount: '0' })).toMatchObject({ ok: false, problem: { code: 'DUPLICATE_LINE', field: 'items.1.lineId' } });
    expect(ask({ lines: [{ lineId: 'mug', quantity: '0' }], amount: '0' })).toMatchObject({ ok: false, problem: { code: 'INVALID_QUANTITY' } });
    expect(ask({ lines: [{ lineId: 'mug', quantity: '1' }], amount: '15' }, { ...invoice, deletedAt: new Date() })).toMatchObject({ ok: false, problem: { code: 'INVOICE_CANCELLED' } });
  });
});

describe('cancelling', () => {
  it('returns everything still sold to its batches and reverses the money the invoice holds and its credit', () => {
    const refunded: RecordedInvoice = { paidAmount: '10.0000', lines: withReturns(invoice.lines, [{ lineId: 'tea', batchId: 'b2', quantity: '1' }]) };
    // Still sold: tea 4 (35 total with the mug... 4 x 5 + 15 = 35), 10 paid, 25 outstanding.
    expect(planCancel(refunded, 'GBP')).toEqual({
      ok: true,
      returns: [
        { lineId: 'tea', batchId: 'b1', quantity: '3.000' },
        { lineId: 'tea', batchId: 'b2', quantity: '1.000' },
        { lineId: 'mug', batchId: 'm1', quantity: '1.000' },
      ],
      restock: [
        { batchId: 'b1', quantity: '-3.000' },
        { batchId: 'b2', quantity: '-1.000' },
        { batchId: 'm1', quantity: '-1.000' },
      ],
      movement: { transactionType: 'Refund', amount: '-10.0000', creditChange: '-25.0000' },
    });
    expect(planCancel({ ...invoice, deletedAt: '2026-01-01' }, 'GBP')).toMatchObject({ ok: false, problem: { code: 'INVOICE_CANCELLED' } });
  });
});

// ---- Properties: any sale, any refunds, then the rest --------------------------------------

const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
const saleArb = fc.record({
  batches: fc.array(fc.record({ quantity: fc.integer({ min: 100, max: 20_000 }), cost: fc.integer({ min: 0, max: 999_999 }), day: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 6 }),
  lines: fc.array(fc.record({ share: fc.integer({ min: 1, max: 50 }), price: fc.integer({ min: 0, max: 999_999 }), discountShare: fc.integer({ min: 0, max: 100 }), method: fc.constantFrom<ValuationMethod>('FIFO', 'LIFO', 'AVCO'), taxRate: fc.constantFrom('0', '5', '8.25', '20') }), { minLength: 1, maxLength: 3 }),
  paidShare: fc.integer({ min: 0, max: 100 }),
});
type SaleShape = typeof saleArb extends fc.Arbitrary<infer T> ? T : never;

/** Sells the lines (each a share of the stock) and records the invoice as the service would. */
function sell(shape: SaleShape) {
  const batches: SaleBatch[] = shape.batches.map((b, i) => ({ id: `b${i}`, locationID: 'loc', quantity: new Big(b.quantity).div(1000).toFixed(3), quantitySold: '0', cost: new Big(b.cost).div(10000).toFixed(4), dateAdded: day(b.day), createdAt: day(b.day) }));
  const onHand = shape.batches.reduce((s, b) => s + b.quantity, 0);
  const lines = shape.lines.map((l) => {
    const price = new Big(l.price).div(10000);
    return {
      itemID: 'tea',
      quantity: new Big(Math.max(1, Math.floor((onHand * l.share) / 200))).div(1000).toFixed(3),
      price: price.toFixed(4),
      discount: price.times(l.discountShare).div(100).round(4, Big.roundDown).toFixed(4),
      stockValuationMethod: l.method,
      tax: { id: null, name: 'Tax', rate: l.taxRate },
    };
  });
  const probe = planSale({ currency: 'USD', valuationMethod: 'SELECT', batches: { tea: batches }, lines, payments: [], paymentDueDate: '2026-02-01' });
  if (!probe.ok) throw new Error(probe.problem.message);
  const paid = new Big(probe.totals.grandTotal).times(shape.paidShare).div(100).round(2, Big.roundDown).toFixed(2);
  const plan = planSale({ currency: 'USD', valuationMethod: 'SELECT', batches: { tea: batches }, lines, payments: paymentsOf('Cash', paid), paymentDueDate: '2026-02-01' });
  if (!plan.ok) throw new Error(plan.problem.message);
  const recorded: RecordedInvoice = {
    paidAmount: plan.payment.paidAmount,
    lines: plan.lines.map((line, i) => ({ lineId: `l${i}`, price: line.price, discount: line.discount, taxRate: line.tax.rate, draws: line.draws.map((d) => ({ ...d, returned: '0.000' })) })),
  };
  return { plan, recorded };
}

/** The refund's allowed money range, read from its refusals. */
function moneyRange(recorded: RecordedInvoice, lines: RefundRequest['lines']): { least: Big; most: Big } {
  const over = planRefund(recorded, { lines, amount: '99999999999' }, 'USD');
  const under = planRefund(recorded, { lines, amount: '0' }, 'USD');
  if (over.ok || over.problem.code !== 'OVER_REFUND') throw new Error('no upper bound');
  return { most: new Big(over.problem.limit), least: under.ok ? new Big(0) : new Big((under.problem as { limit: string }).limit) };
}

const stepsArb = fc.array(fc.record({ shares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }), moneyShare: fc.integer({ min: 0, max: 100 }) }), { maxLength: 4 });

describe('refunds (property)', () => {
  it('any refunds then a refund of the rest net the invoice to exactly zero in money, stock and profit; outstanding never grows; the credit notes add up to sold less net', () => {
    fc.assert(
      fc.property(saleArb, stepsArb, (shape, steps) => {
        const { plan, recorded } = sell(shape);
        const sold = remainingTotals(recorded.lines, recorded.paidAmount, 'USD').totals;
        const notes: CreditNoteFigures[] = [];
        let state = recorded;
        const movements = [...plan.movements];
        const restocked = new Map<string, Big>();
        let outstanding = new Big(plan.payment.outstanding);
        const refund = (lines: RefundRequest['lines'], moneyShare: number | 'least') => {
          const { least, most } = moneyRange(state, lines);
          expect(least.lte(most)).toBe(true);
          const amount = moneyShare === 'least' ? least : least.plus(most.minus(least).times(moneyShare).div(100).round(2, Big.roundDown));
          const result = planRefund(state, { lines, amount: amount.toFixed(2) }, 'USD');
          if (!result.ok) throw new Error(result.problem.message);
          state = { paidAmount: result.payment.paidAmount, lines: withReturns(state.lines, result.returns) };
          expect(remainingTotals(state.lines, state.paidAmount, 'USD').totals).toEqual(result.totals);
          expect(new Big(result.payment.outstanding).lte(outstanding)).toBe(true);
          expect(new Big(result.payment.outstanding).gte(0)).toBe(true);
          outstanding = new Big(result.payment.outstanding);
          // Its credit note: the money paid back, its lines' sums, and all of them with what is left make what was sold.
          notes.push(result.creditNote);
          expect(result.creditNote.amountPaidBack).toBe(new Big(result.movement.amount).neg().toFixed(4));
          expect(result.creditNote.lines.reduce((q, l) => q.plus(l.quantity), new Big(0)).eq(result.creditNote.totalQuantity)).toBe(true);
          expect(result.creditNote.lines.reduce((t, l) => t.plus(l.tax), new Big(0)).eq(result.creditNote.totalTax)).toBe(true);
          expect(result.creditNote.lines.reduce((c, l) => c.plus(l.cost), new Big(0)).eq(result.creditNote.totalCost)).toBe(true);
          for (const key of ['totalAmount', 'totalDiscount', 'totalTax', 'grandTotal', 'totalCost', 'totalQuantity'] as const) {
            expect(notes.reduce((sum, note) => sum.plus(note[key]), new Big(result.totals[key])).eq(sold[key])).toBe(true);
          }
          movements.push(result.movement);
          for (const r of result.restock) restocked.set(r.batchId, (restocked.get(r.batchId) ?? new Big(0)).plus(r.quantity));
          return result;
        };
        for (const step of steps) {
          const lines = state.lines
            .map((line, i) => ({ lineId: line.lineId, left: line.draws.reduce((s, d) => s.plus(d.quantity).minus(d.returned), new Big(0)), share: step.shares[i] ?? 0 }))
            .map(({ lineId, left, share }) => ({ lineId, quantity: left.times(share).div(100).round(3, Big.roundDown) }))
            .filter((line) => line.quantity.gt(0))
            .map(({ lineId, quantity }) => ({ lineId, quantity: quantity.toFixed(3) }));
          if (lines.length) refund(lines, step.moneyShare);
        }
        const rest = state.lines
          .map((line) => ({ lineId: line.lineId, quantity: line.draws.reduce((s, d) => s.plus(d.quantity).minus(d.returned), new Big(0)) }))
          .filter((line) => line.quantity.gt(0))
          .map(({ lineId, quantity }) => ({ lineId, quantity: quantity.toFixed(3) }));
        if (rest.length) {
          const { least, most } = moneyRange(state, rest);
          expect(least.eq(most)).toBe(true); // all of it: exactly what is still paid
          const last = refund(rest, 'least');
          expect(last.totals).toMatchObject({ totalAmount: '0.0000', totalDiscount: '0.0000', totalTax: '0.0000', grandTotal: '0.0000', totalQuantity: '0.000', paidAmount: '0.0000', outstanding: '0.0000', totalCost: '0.0000', netResult: '0.0000' });
          expect(last.payment).toEqual({ paidAmount: '0.0000', outstanding: '0.0000', settled: true, credit: false });
          expect(last.fullyRefunded).toBe(true);
        }
        // Money: every amount received was paid back, and the credit it opened is closed.
        expect(movements.reduce((s, m) => s.plus(m.amount), new Big(0)).eq(0)).toBe(true);
        expect(movements.reduce((s, m) => s.plus(m.creditChange), new Big(0)).eq(0)).toBe(true);
        // Stock: every batch got back exactly what the sale took from it.
        for (const sold of plan.sold) expect((restocked.get(sold.batchId) ?? new Big(0)).plus(sold.quantity).eq(0)).toBe(true);
        expect([...restocked.keys()].every((id) => plan.sold.some((s) => s.batchId === id))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('refunding in two steps leaves what one refund of the sum leaves, and what remains is what a smaller sale would have drawn', () => {
    fc.assert(
      fc.property(saleArb, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (shape, first, second) => {
        const { recorded } = sell(shape);
        const line = recorded.lines[0];
        const sold = line.draws.reduce((s, d) => s.plus(d.quantity), new Big(0));
        const a = sold.times(first).div(100).round(3, Big.roundDown);
        const b = sold.minus(a).times(second).div(100).round(3, Big.roundDown);
        const refundOf = (source: RecordedInvoice, quantity: Big) => {
          if (quantity.eq(0)) return source;
          const lines = [{ lineId: line.lineId, quantity: quantity.toFixed(3) }];
          const result = planRefund(source, { lines, amount: moneyRange(source, lines).least.toFixed(2) }, 'USD');
          if (!result.ok) throw new Error(result.problem.message);
          return { paidAmount: result.payment.paidAmount, lines: withReturns(source.lines, result.returns) };
        };
        const twoSteps = refundOf(refundOf(recorded, a), b);
        const oneStep = refundOf(recorded, a.plus(b));
        const left = (source: RecordedInvoice) => source.lines[0].draws.map((d) => [d.batchId, new Big(d.quantity).minus(d.returned).toFixed(3)]);
        expect(left(twoSteps)).toEqual(left(oneStep));
        // What stays drawn is a prefix of the original draw order: the draws of a sale of the rest.
        const kept = left(oneStep).map(([, q]) => new Big(q as string));
        const firstPartial = kept.findIndex((q, i) => !q.eq(line.draws[i].quantity));
        if (firstPartial >= 0) expect(kept.slice(firstPartial + 1).every((q) => q.eq(0))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
