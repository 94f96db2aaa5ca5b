import Big from 'big.js';
import fc from 'fast-check';
import { invoiceTotals, lineAmounts } from './invoice-totals';
import { planRefund } from './refunds';
import { planCancel } from './cancel';
import { lineTax, readTaxRate, saleTaxRate, taxBreakdown, taxRateShown, type KnownTaxRate } from './tax';

const rates = new Map<string, KnownTaxRate>([
  ['std', { id: 'std', name: 'VAT', rate: '20' }],
  ['low', { id: 'low', name: 'Reduced', rate: '5' }],
]);

describe('tax', () => {
  it('adds tax to a sales-tax business total, rounded half away from zero per line', () => {
    // $10.00 at 8.25% = 0.825 -> 0.83
    expect(lineAmounts({ quantity: '1', price: '10.00', discount: '0', taxRate: '8.25' }, 'USD')).toEqual({ amount: '10.0000', discount: '0.0000', total: '10.0000', tax: '0.8300' });
    const totals = invoiceTotals(
      [
        { quantity: '1', price: '10.00', discount: '0', taxRate: '8.25', cost: '4' },
        { quantity: '2', price: '1.99', discount: '0', taxRate: '0', cost: '1' },
      ],
      null,
      'USD',
    );
    expect(totals).toMatchObject({ totalAmount: '13.9800', totalTax: '0.8300', grandTotal: '14.8100', outstanding: '14.8100', netResult: '8.9800' });
  });

  it('finds the VAT inside a VAT-inclusive price: £12.00 at 20% holds £2.00, and the net result leaves it out', () => {
    expect(lineAmounts({ quantity: '1', price: '12.00', discount: '0', taxRate: '20' }, 'GBP', true).tax).toBe('2.0000');
    const totals = invoiceTotals([{ quantity: '3', price: '0.99', discount: '0', taxRate: '20', cost: '1' }], '2.97', 'GBP', true);
    // 2.97 x 20 / 120 = 0.495 -> 0.50
    expect(totals).toMatchObject({ grandTotal: '2.9700', totalTax: '0.5000', outstanding: '0.0000', netResult: '1.4700' });
  });

  it('keeps every figure of an untaxed invoice as the specification has it', () => {
    const line = { quantity: '2', price: '5.00', discount: '0.25', cost: '3' };
    expect(invoiceTotals([line], null, 'USD')).toEqual(invoiceTotals([{ ...line, taxRate: '0' }], null, 'USD', true));
    expect(invoiceTotals([line], null, 'USD')).toMatchObject({ grandTotal: '9.5000', totalTax: '0.0000', netResult: '6.5000' });
  });

  it('takes the variant’s own choice, else its item’s, else the location default, else none', () => {
    const none = { taxRateId: null, taxExempt: false };
    expect(saleTaxRate({ own: { taxRateId: 'low', taxExempt: false }, parent: { taxRateId: 'std', taxExempt: false }, locationDefault: 'std' }, rates)).toEqual({ id: 'low', name: 'Reduced', rate: '5' });
    expect(saleTaxRate({ own: none, parent: { taxRateId: null, taxExempt: true }, locationDefault: 'std' }, rates)).toEqual({ id: null, name: null, rate: '0' });
    expect(saleTaxRate({ own: none, parent: none, locationDefault: 'std' }, rates)).toMatchObject({ id: 'std', rate: '20' });
    expect(saleTaxRate({ own: none, locationDefault: null }, rates)).toMatchObject({ rate: '0' });
    expect(saleTaxRate({ own: { taxRateId: null, taxExempt: true }, locationDefault: 'std' }, rates)).toMatchObject({ rate: '0' });
  });

  it('reads rates from 0 to 100 with at most 4 places', () => {
    expect(readTaxRate('8.875')?.toString()).toBe('8.875');
    expect(readTaxRate('100')?.toString()).toBe('100');
    expect(readTaxRate('100.01')).toBeNull();
    expect(readTaxRate('-1')).toBeNull();
    expect(readTaxRate('1.23456')).toBeNull();
    expect(taxRateShown('8.8750')).toBe('8.875%');
  });

  it('breaks the tax down per rate, leaving untaxed lines out', () => {
    const lines = [
      { taxName: 'VAT', taxRate: '20', total: '12.0000', tax: '2.0000' },
      { taxName: 'Reduced', taxRate: '5.0000', total: '2.1000', tax: '0.1000' },
      { taxName: 'VAT', taxRate: '20.0000', total: '6.0000', tax: '1.0000' },
      { taxName: null, taxRate: '0', total: '3.0000', tax: '0.0000' },
    ];
    expect(taxBreakdown(lines, true)).toEqual([
      { name: 'VAT', rate: '20', taxable: '15.0000', tax: '3.0000' },
      { name: 'Reduced', rate: '5', taxable: '2.0000', tax: '0.1000' },
    ]);
    expect(taxBreakdown(lines, false)[0]).toEqual({ name: 'VAT', rate: '20', taxable: '18.0000', tax: '3.0000' });
  });

  const lineArb = fc.record({
    quantity: fc.integer({ min: 1, max: 50_000 }).map((n) => new Big(n).div(1000).toFixed(3)),
    cents: fc.integer({ min: 0, max: 1_000_000 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    rate: fc.constantFrom('0', '5', '7.25', '8.875', '12.5', '20', '100'),
  });
  const asLine = (l: { quantity: string; cents: number; discountShare: number; rate: string }) => {
    const price = new Big(l.cents).div(100);
    return { quantity: l.quantity, price: price.toFixed(2), discount: price.times(l.discountShare).div(100).round(2, Big.roundDown).toFixed(2), taxRate: l.rate, cost: '0' };
  };

  it('property: line taxes sum to totalTax, the breakdown sums to it, and the grand total follows the mode', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), fc.boolean(), (raw, included) => {
        const lines = raw.map(asLine);
        const each = lines.map((line) => lineAmounts(line, 'USD', included));
        const totals = invoiceTotals(lines, null, 'USD', included);
        const sum = (values: string[]) => values.reduce((acc, value) => acc.plus(value), new Big(0));
        expect(sum(each.map((a) => a.tax)).eq(totals.totalTax)).toBe(true);
        const breakdown = taxBreakdown(
          lines.map((line, i) => ({ taxName: `r${line.taxRate}`, taxRate: line.taxRate, total: each[i]!.total, tax: each[i]!.tax })),
          included,
        );
        expect(sum(breakdown.map((row) => row.tax)).eq(totals.totalTax)).toBe(true);
        const lineTotals = sum(each.map((a) => a.total));
        expect(new Big(totals.grandTotal).eq(included ? lineTotals : lineTotals.plus(totals.totalTax))).toBe(true);
        // Every tax is an amount the customer can pay (the minor unit).
        for (const a of each) expect(new Big(a.tax).times(100).mod(1).eq(0)).toBe(true);
      }),
    );
  });

  it('property: an inclusive price splits exactly into net + tax, and the tax is the rate of the net to within half a cent', () => {
    fc.assert(
      fc.property(lineArb, (raw) => {
        const line = asLine(raw);
        const { total, tax } = lineAmounts(line, 'GBP', true);
        const net = new Big(total).minus(tax);
        expect(net.plus(tax).eq(total)).toBe(true);
        expect(net.gte(0)).toBe(true);
        // tax is within half a minor unit of the exact tax on the net.
        const exact = new Big(total).times(line.taxRate).div(new Big(line.taxRate).plus(100));
        expect(exact.minus(tax).abs().lte('0.005')).toBe(true);
      }),
    );
  });

  it('property: refunds and cancellations give back tax exactly, never raising what is owed', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.boolean(), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }), (raw, included, shares) => {
        let invoice = {
          paidAmount: null as string | null,
          pricesIncludeTax: included,
          lines: raw.map((l, index) => {
            const line = asLine(l);
            return { lineId: `l${index}`, price: line.price, discount: line.discount, taxRate: line.taxRate, draws: [{ batchId: `b${index}`, quantity: line.quantity, unitCost: '1', returned: '0' }] };
          }),
        };
        const first = invoiceTotals(
          invoice.lines.map((line) => ({ quantity: line.draws[0]!.quantity, price: line.price, discount: line.discount, taxRate: line.taxRate, cost: '0' })),
          null,
          'USD',
          included,
        );
        invoice = { ...invoice, paidAmount: first.grandTotal };
        let taxBefore = new Big(first.totalTax);
        let grandBefore = new Big(first.grandTotal);
        for (const share of shares) {
          const line = invoice.lines[share % invoice.lines.length]!;
          const left = new Big(line.draws[0]!.quantity).minus(line.draws[0]!.returned);
          const quantity = left.times(share).div(100).round(3, Big.roundDown);
          if (quantity.lte(0)) continue;
          const plan = planRefund(invoice, { lines: [{ lineId: line.lineId, quantity: quantity.toFixed(3) }] }, 'USD');
          if (!plan.ok) throw new Error(plan.problem.message);
          const taxAfter = new Big(plan.totals.totalTax);
          expect(taxAfter.lte(taxBefore)).toBe(true);
          expect(new Big(plan.totals.grandTotal).lte(grandBefore)).toBe(true);
          // Paid back in full: the money back is the value returned, tax included.
          expect(new Big(plan.movement.amount).neg().eq(grandBefore.minus(plan.totals.grandTotal))).toBe(true);
          taxBefore = taxAfter;
          grandBefore = new Big(plan.totals.grandTotal);
          invoice = {
            ...invoice,
            paidAmount: plan.payment.paidAmount,
            lines: invoice.lines.map((l) => (l.lineId === line.lineId ? { ...l, draws: [{ ...l.draws[0]!, returned: new Big(l.draws[0]!.returned).plus(quantity).toFixed(3) }] } : l)),
          };
        }
        const cancel = planCancel(invoice, 'USD');
        if (!cancel.ok) throw new Error('cancel refused');
        expect(new Big(cancel.movement.amount).neg().eq(invoice.paidAmount!)).toBe(true);
      }),
    );
  });

  it('a line’s tax never falls as its total grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), fc.constantFrom('5', '8.875', '20'), fc.boolean(), (cents, more, rate, included) => {
        const a = new Big(cents).div(100);
        const b = a.plus(new Big(more).div(100));
        expect(lineTax(b, rate, included, 'USD').gte(lineTax(a, rate, included, 'USD'))).toBe(true);
      }),
    );
  });
});
