import Big from 'big.js';
import fc from 'fast-check';
import { remainingOf, stockFigures } from '../stock';
import { applyMovements, type BatchMovement, type BusinessValuationMethod, type SaleBatch, type ValuationMethod } from './batch-draw';
import { planCancel } from './cancel';
import { postToLedger, type LedgerMovement, type LedgerTransaction, type LocationBalances } from './ledger';
import { addPayment } from './payments';
import { remainingQuantity, remainingTotals, withReturns, type RecordedInvoice } from './recorded-invoice';
import { planRefund, type RefundRequest } from './refunds';
import { paymentsOf } from './payments';
import { planSale, type SaleLineRequest } from './sale';

/**
 * The whole selling side, driven the way the sales service drives it, over any sequence of new
 * batches, sales, payments, refunds and cancellations at two locations with any valuation method:
 * every batch's quantitySold is what the live draws hold of it and never passes its quantity;
 * each location's balance is the sum of its transactions (and each transaction's balance the
 * running sum), its cash is what its live invoices hold, its credit what they are owed; and a sale
 * fully refunded or cancelled leaves stock, money and profit exactly as before it.
 */

const LOCATIONS = ['L0', 'L1'] as const;
const ITEMS = ['tea', 'mug'] as const;
const CURRENCY = 'INR' as const;

type Op =
  | { kind: 'batch'; location: number; item: number; quantity: number; cost: number; day: number }
  | { kind: 'sell'; location: number; lines: { item: number; quantity: number; price: number; discountShare: number; method: ValuationMethod }[]; paidShare: number; dueDate: boolean }
  | { kind: 'pay'; pick: number; share: number }
  | { kind: 'refund'; pick: number; shares: number[]; moneyShare: number }
  | { kind: 'cancel'; pick: number };

const sellArb = fc.record({
  kind: fc.constant('sell' as const),
  location: fc.nat(1),
  lines: fc.array(fc.record({ item: fc.nat(1), quantity: fc.integer({ min: 1, max: 6_000 }), price: fc.integer({ min: 0, max: 999_999 }), discountShare: fc.integer({ min: 0, max: 100 }), method: fc.constantFrom<ValuationMethod>('FIFO', 'LIFO', 'AVCO') }), { minLength: 1, maxLength: 3 }),
  paidShare: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 100 })),
  dueDate: fc.boolean(),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('batch' as const), location: fc.nat(1), item: fc.nat(1), quantity: fc.integer({ min: 0, max: 30_000 }), cost: fc.integer({ min: 0, max: 999_999 }), day: fc.integer({ min: 1, max: 28 }) }),
  { arbitrary: sellArb, weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 110 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), shares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }), moneyShare: fc.integer({ min: 0, max: 100 }) }), weight: 2 },
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

interface Invoice extends RecordedInvoice {
  readonly location: string;
  readonly outstanding: string;
  readonly netResult: string;
}

/** How often each kind of change went through, so the properties are known to exercise them. */
const done = { sale: 0, payment: 0, refund: 0, cancel: 0, refused: 0, restored: 0 };

class Shop {
  batches: (SaleBatch & { item: string })[] = [];
  invoices: Invoice[] = [];
  balances = new Map<string, LocationBalances>(LOCATIONS.map((l) => [l, { currentBalance: '0.0000', creditBalance: '0.0000' }]));
  transactions = new Map<string, LedgerTransaction[]>(LOCATIONS.map((l) => [l, []]));
  private nextBatch = 0;

  constructor(readonly method: BusinessValuationMethod) {}

  addBatch(location: string, item: string, quantity: Big, cost: Big, day: number) {
    const date = new Date(Date.UTC(2026, 0, day)).toISOString();
    const created = new Date(Date.UTC(2026, 1, 1) + this.nextBatch * 1000).toISOString();
    this.batches.push({ id: `b${String(this.nextBatch++).padStart(4, '0')}`, item, locationID: location, quantity: quantity.toFixed(3), quantitySold: '0.000', cost: cost.toFixed(4), dateAdded: date, createdAt: created });
  }

  move(movements: readonly BatchMovement[]) {
    this.batches = applyMovements(this.batches, movements);
  }

  post(location: string, movement: LedgerMovement) {
    const posting = postToLedger(this.balances.get(location) as LocationBalances, [movement]);
    this.balances.set(location, { currentBalance: posting.currentBalance, creditBalance: posting.creditBalance });
    this.transactions.get(location)?.push(...posting.transactions);
  }

  /** The service's view: the location's live batches of each item (as read under lock). */
  stockAt(location: string): Record<string, SaleBatch[]> {
    return Object.fromEntries(ITEMS.map((item) => [item, this.batches.filter((b) => b.locationID === location && b.item === item)]));
  }

  sell(location: string, lines: SaleLineRequest[], paidShare: number, dueDate: boolean): Invoice | null {
    const probe = planSale({ currency: CURRENCY, valuationMethod: this.method, batches: this.stockAt(location), lines, payments: [], paymentDueDate: '2026-03-01' });
    if (!probe.ok) {
      done.refused++;
      const problem = probe.problem;
      expect(problem.code).toBe('INSUFFICIENT_STOCK');
      if (problem.code !== 'INSUFFICIENT_STOCK') return null;
      const asked = lines.filter((l) => l.itemID === problem.itemID).reduce((s, l) => s.plus(l.quantity), new Big(0));
      const onHand = stockFigures(this.stockAt(location)[problem.itemID]).totalQuantity;
      expect([problem.asked, problem.onHand]).toEqual([asked.toFixed(3), onHand]);
      expect(asked.gt(onHand)).toBe(true);
      return null;
    }
    const paid = new Big(probe.totals.grandTotal).times(paidShare).div(100).round(2, Big.roundDown);
    const plan = planSale({ currency: CURRENCY, valuationMethod: this.method, batches: this.stockAt(location), lines, payments: paymentsOf('Cash', paid.toFixed(2)), paymentDueDate: dueDate ? '2026-03-01' : null });
    if (!plan.ok) {
      expect(plan.problem.code).toBe('DUE_DATE_REQUIRED');
      expect(paid.lt(probe.totals.grandTotal) && !dueDate).toBe(true);
      return null;
    }
    this.move(plan.sold);
    for (const movement of plan.movements) this.post(location, movement);
    const invoice: Invoice = {
      location,
      paidAmount: plan.payment.paidAmount,
      outstanding: plan.payment.outstanding,
      netResult: plan.totals.netResult,
      lines: plan.lines.map((line, i) => ({ lineId: `line-${i}`, price: line.price, discount: line.discount, draws: line.draws.map((d) => ({ ...d, returned: '0.000' })) })),
    };
    this.invoices.push(invoice);
    done.sale++;
    return invoice;
  }

  replace(invoice: Invoice, next: Invoice) {
    this.invoices[this.invoices.indexOf(invoice)] = next;
    return next;
  }

  pay(invoice: Invoice, share: number) {
    const outstanding = new Big(invoice.outstanding);
    const amount = share > 100 ? outstanding.plus('0.01') : outstanding.times(share).div(100).round(2, Big.roundUp);
    const result = addPayment({ grandTotal: remainingTotals(invoice.lines, null, CURRENCY).totals.grandTotal, paidAmount: invoice.paidAmount, deletedAt: invoice.deletedAt }, amount.toFixed(2), CURRENCY);
    if (!result.ok) {
      const expected = invoice.deletedAt ? 'INVOICE_CANCELLED' : outstanding.eq(0) ? 'INVOICE_SETTLED' : 'OVER_PAYMENT';
      expect(result.problem.code).toBe(expected);
      return;
    }
    expect(invoice.deletedAt).toBeFalsy();
    this.post(invoice.location, result.movement);
    this.replace(invoice, { ...invoice, paidAmount: result.payment.paidAmount, outstanding: result.payment.outstanding });
    done.payment++;
  }

  refund(invoice: Invoice, lines: RefundRequest['lines'], moneyShare: number | 'least'): Invoice | null {
    const over = planRefund(invoice, { lines, amount: '99999999999' }, CURRENCY);
    if (invoice.deletedAt) {
      expect(over).toMatchObject({ ok: false, problem: { code: 'INVOICE_CANCELLED' } });
      return null;
    }
    if (over.ok || over.problem.code !== 'OVER_REFUND') throw new Error('a refund of everything was not refused');
    const under = planRefund(invoice, { lines, amount: '0' }, CURRENCY);
    const least = under.ok ? new Big(0) : new Big((under.problem as { limit: string }).limit);
    const most = new Big(over.problem.limit);
    const amount = moneyShare === 'least' ? least : least.plus(most.minus(least).times(moneyShare).div(100).round(2, Big.roundDown));
    const result = planRefund(invoice, { lines, amount: amount.toFixed(2) }, CURRENCY);
    if (!result.ok) throw new Error(result.problem.message);
    this.move(result.restock);
    this.post(invoice.location, result.movement);
    done.refund++;
    return this.replace(invoice, { ...invoice, lines: withReturns(invoice.lines, result.returns), paidAmount: result.payment.paidAmount, outstanding: result.payment.outstanding, netResult: result.totals.netResult });
  }

  cancel(invoice: Invoice) {
    const result = planCancel(invoice, CURRENCY);
    if (!result.ok) {
      expect(invoice.deletedAt).toBeTruthy();
      return;
    }
    this.move(result.restock);
    this.post(invoice.location, result.movement);
    this.replace(invoice, { ...invoice, lines: withReturns(invoice.lines, result.returns), deletedAt: '2026-04-01' });
    done.cancel++;
  }

  apply(op: Op) {
    const pick = 'pick' in op && this.invoices.length ? this.invoices[op.pick % this.invoices.length] : undefined;
    if (op.kind === 'batch') this.addBatch(LOCATIONS[op.location], ITEMS[op.item], new Big(op.quantity).div(1000), new Big(op.cost).div(10000), op.day);
    if (op.kind === 'sell') {
      const lines = op.lines.map((l) => {
        const price = new Big(l.price).div(10000);
        return { itemID: ITEMS[l.item], quantity: new Big(l.quantity).div(1000).toFixed(3), price: price.toFixed(4), discount: price.times(l.discountShare).div(100).round(4, Big.roundDown).toFixed(4), stockValuationMethod: this.method === 'SELECT' ? l.method : null };
      });
      this.sell(LOCATIONS[op.location], lines, op.paidShare, op.dueDate);
    }
    if (op.kind === 'pay') {
      // Three picks in four pay an invoice that owes something (if any does), the fourth any invoice at all.
      const owing = this.invoices.filter((inv) => !inv.deletedAt && new Big(inv.outstanding).gt(0));
      const target = op.pick % 4 && owing.length ? owing[op.pick % owing.length] : pick;
      if (target) this.pay(target, op.share);
    }
    if (op.kind === 'refund' && pick) this.refundShares(pick, op.shares, op.moneyShare);
    if (op.kind === 'cancel' && pick) this.cancel(pick);
  }

  /** Refunds a share of each line's remaining quantity (share i for line i). */
  refundShares(invoice: Invoice, shares: number[], moneyShare: number) {
    const lines = invoice.lines
      .map((line, i) => ({ lineId: line.lineId, quantity: remainingQuantity(line).times(shares[i] ?? 0).div(100).round(3, Big.roundDown) }))
      .filter((line) => line.quantity.gt(0))
      .map((line) => ({ lineId: line.lineId, quantity: line.quantity.toFixed(3) }));
    if (lines.length) this.refund(invoice, lines, moneyShare);
  }

  refundAll(invoice: Invoice): Invoice {
    const lines = invoice.lines.filter((line) => remainingQuantity(line).gt(0)).map((line) => ({ lineId: line.lineId, quantity: remainingQuantity(line).toFixed(3) }));
    return lines.length ? (this.refund(invoice, lines, 'least') as Invoice) : invoice;
  }

  /** What must hold after every step. */
  check() {
    for (const batch of this.batches) {
      const drawn = this.invoices.flatMap((inv) => inv.lines.flatMap((line) => line.draws.filter((d) => d.batchId === batch.id)));
      const held = drawn.reduce((s, d) => s.plus(d.quantity).minus(d.returned), new Big(0));
      expect(batch.quantitySold).toBe(held.toFixed(3));
      expect(remainingOf(batch).gte(0)).toBe(true);
      // Cancelled invoices hold nothing.
      expect(this.invoices.filter((inv) => inv.deletedAt).every((inv) => inv.lines.every((line) => remainingQuantity(line).eq(0)))).toBe(true);
    }
    for (const location of LOCATIONS) {
      const balances = this.balances.get(location) as LocationBalances;
      const transactions = this.transactions.get(location) as LedgerTransaction[];
      let running = new Big(0);
      for (const t of transactions) {
        running = running.plus(t.amount);
        expect(t.balance).toBe(running.toFixed(4));
        expect(t.transactionType === 'Refund' ? new Big(t.amount).lt(0) : new Big(t.amount).gt(0)).toBe(true);
      }
      expect(balances.currentBalance).toBe(running.toFixed(4));
      const live = this.invoices.filter((inv) => inv.location === location && !inv.deletedAt);
      expect(balances.currentBalance).toBe(live.reduce((s, inv) => s.plus(inv.paidAmount ?? 0), new Big(0)).toFixed(4));
      expect(balances.creditBalance).toBe(live.reduce((s, inv) => s.plus(inv.outstanding), new Big(0)).toFixed(4));
      for (const inv of live) {
        const { totals } = remainingTotals(inv.lines, inv.paidAmount, CURRENCY);
        expect([totals.outstanding, totals.netResult]).toEqual([inv.outstanding, inv.netResult]);
        expect(new Big(inv.outstanding).gte(0) && new Big(inv.paidAmount ?? 0).gte(0)).toBe(true);
      }
    }
  }

  snapshot() {
    return { batches: this.batches.map((b) => ({ ...b })), balances: new Map(this.balances) };
  }
}

const methodArb = fc.constantFrom<BusinessValuationMethod>('FIFO', 'LIFO', 'AVCO', 'SELECT');
const seedBatches = fc.array(fc.record({ location: fc.nat(1), item: fc.nat(1), quantity: fc.integer({ min: 1, max: 50_000 }), cost: fc.integer({ min: 0, max: 999_999 }), day: fc.integer({ min: 1, max: 28 }) }), { minLength: 2, maxLength: 10 });

function open(method: BusinessValuationMethod, seeds: { location: number; item: number; quantity: number; cost: number; day: number }[]): Shop {
  const shop = new Shop(method);
  for (const s of seeds) shop.addBatch(LOCATIONS[s.location], ITEMS[s.item], new Big(s.quantity).div(1000), new Big(s.cost).div(10000), s.day);
  return shop;
}

describe('the selling side over any sequence of operations (property)', () => {
  it('keeps stock, batches, balances and transactions in step', () => {
    fc.assert(
      fc.property(methodArb, seedBatches, fc.array(opArb, { minLength: 4, maxLength: 30 }), (method, seeds, ops) => {
        const shop = open(method, seeds);
        for (const op of ops) {
          shop.apply(op);
          shop.check();
        }
      }),
      { numRuns: 100 },
    );
    expect(Math.min(done.sale, done.payment, done.refund, done.cancel, done.refused)).toBeGreaterThan(10);
  });

  it('a sale then fully refunded or cancelled leaves stock, money and profit exactly as before it', () => {
    fc.assert(
      fc.property(methodArb, seedBatches, fc.array(opArb, { maxLength: 12 }), sellArb, fc.array(opArb, { maxLength: 3 }), fc.boolean(), (method, seeds, before, sale, between, cancel) => {
        const shop = open(method, seeds);
        before.forEach((op) => shop.apply(op));
        const snapshot = shop.snapshot();
        const lines = sale.lines.map((l) => ({ itemID: ITEMS[l.item], quantity: new Big(l.quantity).div(1000).toFixed(3), price: new Big(l.price).div(10000).toFixed(4), discount: '0', stockValuationMethod: method === 'SELECT' ? l.method : null }));
        let invoice = shop.sell(LOCATIONS[sale.location], lines, sale.paidShare, true);
        if (!invoice) return;
        // Payments and partial refunds of this invoice only, in between.
        for (const op of between) {
          if (op.kind === 'pay') shop.pay(invoice, op.share);
          if (op.kind === 'refund') shop.refundShares(invoice, op.shares, op.moneyShare);
          invoice = shop.invoices[shop.invoices.length - 1];
        }
        if (cancel) shop.cancel(invoice);
        else {
          invoice = shop.refundAll(invoice);
          expect([invoice.paidAmount, invoice.outstanding, invoice.netResult]).toEqual(['0.0000', '0.0000', '0.0000']);
        }
        shop.check();
        const after = shop.snapshot();
        expect(after.batches.map((b) => [b.id, new Big(b.quantitySold).toFixed(3)])).toEqual(snapshot.batches.map((b) => [b.id, new Big(b.quantitySold).toFixed(3)]));
        for (const location of LOCATIONS) {
          const [was, is] = [snapshot.balances.get(location) as LocationBalances, after.balances.get(location) as LocationBalances];
          expect([is.currentBalance, is.creditBalance]).toEqual([was.currentBalance, was.creditBalance]);
        }
        done.restored++;
      }),
      { numRuns: 150 },
    );
    expect(done.restored).toBeGreaterThan(50);
  });
});
