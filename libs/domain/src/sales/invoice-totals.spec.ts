import Big from 'big.js';
import fc from 'fast-check';
import { invoiceTotals, lineAmounts, linePricingProblem } from './invoice-totals';

describe('line and invoice arithmetic', () => {
  it('takes the discount per unit: price x quantity - quantity x discount', () => {
    expect(lineAmounts({ quantity: '3', price: '10.00', discount: '1.50' }, 'GBP')).toEqual({ amount: '30.0000', discount: '4.5000', total: '25.5000', tax: '0.0000' });
  });

  it('rounds the amount and the total half away from zero to the minor unit, and totals the rounded lines exactly', () => {
    // 0.375 kg at 3.99 = 1.49625 -> 1.50; at 3.99 - 0.01 = 1.4925 -> 1.49; the discount is the difference
    expect(lineAmounts({ quantity: '0.375', price: '3.99', discount: '0.01' }, 'USD')).toEqual({ amount: '1.5000', discount: '0.0100', total: '1.4900', tax: '0.0000' });
    // 1.5 x 0.3333 = 0.49995 -> 0.50
    expect(lineAmounts({ quantity: '1.5', price: '0.3333', discount: '0' }, 'USD').amount).toBe('0.5000');
    const totals = invoiceTotals(
      [
        { quantity: '0.375', price: '3.99', discount: '0.01', cost: '0.9000' },
        { quantity: '2', price: '5.00', discount: '0.25', cost: '6.1234' },
      ],
      '5.00',
      'USD',
    );
    expect(totals).toEqual({
      totalAmount: '11.5000',
      totalDiscount: '0.5100',
      totalTax: '0.0000',
      grandTotal: '10.9900',
      totalQuantity: '2.375',
      paidAmount: '5.0000',
      outstanding: '5.9900',
      totalCost: '7.0234',
      netResult: '3.9666',
    });
  });

  it('treats a null paidAmount as 0, and an empty invoice as all zeros', () => {
    expect(invoiceTotals([{ quantity: '1', price: '2', discount: '0', cost: '1' }], null, 'LKR')).toMatchObject({ paidAmount: '0.0000', outstanding: '2.0000' });
    expect(invoiceTotals([], null, 'INR')).toEqual({
      totalAmount: '0.0000',
      totalDiscount: '0.0000',
      totalTax: '0.0000',
      grandTotal: '0.0000',
      totalQuantity: '0.000',
      paidAmount: '0.0000',
      outstanding: '0.0000',
      totalCost: '0.0000',
      netResult: '0.0000',
    });
  });

  it('refuses quantities, prices and discounts it cannot sell, naming the field', () => {
    const ok = { quantity: '1', price: '2', discount: '0' };
    expect(linePricingProblem(ok, 'items.0')).toBeNull();
    expect(linePricingProblem({ ...ok, quantity: '0' }, 'items.0')).toMatchObject({ code: 'INVALID_QUANTITY', field: 'items.0.quantity' });
    expect(linePricingProblem({ ...ok, quantity: '1.0001' }, 'items.0')).toMatchObject({ code: 'INVALID_QUANTITY' });
    expect(linePricingProblem({ ...ok, quantity: '1.5000' }, 'items.0')).toBeNull();
    expect(linePricingProblem({ ...ok, price: '-1' }, 'items.2')).toMatchObject({ code: 'INVALID_AMOUNT', field: 'items.2.price' });
    expect(linePricingProblem({ ...ok, price: '1e3' }, 'items.2')).toMatchObject({ code: 'INVALID_AMOUNT', field: 'items.2.price' });
    expect(linePricingProblem({ ...ok, discount: '2.0001' }, 'items.1')).toMatchObject({ code: 'INVALID_AMOUNT', field: 'items.1.discount', message: 'Discount per unit cannot be more than the price.' });
  });
});

// ---- Property: the identities, against an integer oracle -------------------------------------
// Quantities in thousandths, prices and costs in ten-thousandths; a charge is quantity x price or
// quantity x (price - discount) (scale 7) rounded half up to cents: divide by 10^5, round on the rest.

const line = fc.record({ quantity: fc.integer({ min: 1, max: 5_000_000 }), price: fc.integer({ min: 0, max: 99_999_999 }), discountShare: fc.integer({ min: 0, max: 100 }), cost: fc.integer({ min: 0, max: 999_999_999 }) });
const dec = (value: bigint, scale: number) => {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const unit = 10n ** BigInt(scale);
  return `${negative ? '-' : ''}${magnitude / unit}.${String(magnitude % unit).padStart(scale, '0')}`;
};
const centsOf = (scale7: bigint) => (scale7 / 100000n) + (scale7 % 100000n >= 50000n ? 1n : 0n);

describe('invoice totals (property)', () => {
  it('grand total = Σ line totals = totalAmount - totalDiscount; outstanding and netResult follow; all as the oracle', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.integer({ min: 0, max: 100 }), (raw, paidShare) => {
        const lines = raw.map((l) => {
          const discount = (BigInt(l.price) * BigInt(l.discountShare)) / 100n;
          return { quantity: dec(BigInt(l.quantity), 3), price: dec(BigInt(l.price), 4), discount: dec(discount, 4), cost: dec(BigInt(l.cost), 4), q: BigInt(l.quantity), p: BigInt(l.price), d: discount, c: BigInt(l.cost) };
        });
        const amountCents = lines.reduce((s, l) => s + centsOf(l.q * l.p), 0n);
        const grandCents = lines.reduce((s, l) => s + centsOf(l.q * (l.p - l.d)), 0n);
        const discountCents = amountCents - grandCents;
        const paidCents = (grandCents * BigInt(paidShare)) / 100n;
        const totals = invoiceTotals(lines, dec(paidCents, 2), 'GBP');
        const lineTotalSum = lines.reduce((s, l) => s + BigInt(lineAmounts(l, 'GBP').total.replace('.', '')), 0n);
        expect(totals.grandTotal).toBe(dec(lineTotalSum, 4));
        expect(totals.totalAmount).toBe(dec(amountCents * 100n, 4));
        expect(totals.totalDiscount).toBe(dec(discountCents * 100n, 4));
        expect(totals.grandTotal).toBe(dec(grandCents * 100n, 4));
        expect(totals.totalQuantity).toBe(dec(lines.reduce((s, l) => s + l.q, 0n), 3));
        expect(totals.outstanding).toBe(dec((grandCents - paidCents) * 100n, 4));
        const costSum = lines.reduce((s, l) => s + l.c, 0n);
        expect(totals.totalCost).toBe(dec(costSum, 4));
        expect(totals.netResult).toBe(dec(grandCents * 100n - costSum, 4));
        expect(grandCents >= 0n).toBe(true);
        // A line's total never rises when its quantity falls (a refund never raises the bill).
        for (const l of lines) {
          const less = { ...l, quantity: dec(l.q / 2n, 3) };
          expect(new Big(lineAmounts(less, 'GBP').total).lte(lineAmounts(l, 'GBP').total)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
