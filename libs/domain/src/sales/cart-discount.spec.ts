import Big from 'big.js';
import fc from 'fast-check';
import { cartDiscountAmount, isPercent, spreadCartDiscount, unitDiscount } from './cart-discount';
import { invoiceTotals } from './invoice-totals';

describe('discounts typed at the counter', () => {
  it('a line percent is that share of the price per unit; an amount stays as typed', () => {
    expect(unitDiscount('10%', '7.99')).toBe('0.7990');
    expect(unitDiscount('12.5 %', '10')).toBe('1.2500');
    expect(unitDiscount('1.50', '10')).toBe('1.50');
    expect(unitDiscount('', '10')).toBe('0');
    expect([unitDiscount('101%', '10'), unitDiscount('abc', '10'), unitDiscount('-1', '10')]).toEqual([null, null, null]);
    expect([isPercent('5%'), isPercent('5')]).toEqual([true, false]);
  });

  it('a cart discount is an amount in the minor unit or a percent of the lines’ totals', () => {
    expect(cartDiscountAmount('5', '65.94', 'USD')).toBe('5.00');
    expect(cartDiscountAmount('10%', '65.94', 'USD')).toBe('6.59');
    expect(cartDiscountAmount('', '65.94', 'USD')).toBe('0.00');
    expect([cartDiscountAmount('5.001', '65.94', 'USD'), cartDiscountAmount('150%', '65.94', 'USD')]).toEqual([null, null]);
  });

  it('spreads in proportion to the lines’ totals, the left-over cent to the largest remainder, exactly', () => {
    const lines = [
      { quantity: '1', price: '10', discount: '0' },
      { quantity: '1', price: '20', discount: '0' },
    ];
    // 1.00 over 10 and 20: 33.33.. and 66.66.. cents: 33 and 67 (the larger remainder takes the cent).
    expect(spreadCartDiscount(lines, '1', 'USD')).toEqual({ discounts: ['0.3300', '0.6700'], given: '1.0000' });
    // Three of one item: 1.00 / 3 per unit rounds, and the line still gives exactly 1.00.
    const three = spreadCartDiscount([{ quantity: '3', price: '5', discount: '0.50' }], '1', 'USD');
    expect(three).toEqual({ discounts: ['0.8333'], given: '1.0000' });
    expect(invoiceTotals([{ quantity: '3', price: '5', discount: three.discounts[0]!, cost: '0' }], null, 'USD').totalDiscount).toBe('2.5000');
    // Never beyond what the lines are worth.
    expect(spreadCartDiscount(lines, '99', 'USD')).toEqual({ discounts: ['10.0000', '20.0000'], given: '30.0000' });
  });

  it('property: with whole quantities up to 100, the discount given is exactly the amount asked; never more, never a negative line', () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 100 }), cents: fc.integer({ min: 1, max: 100_000 }), off: fc.integer({ min: 0, max: 50 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1_000_000 }), (drawn, askedCents) => {
        const lines = drawn.map((one) => ({ quantity: String(one.quantity), price: (one.cents / 100).toFixed(2), discount: ((Math.floor((one.cents * one.off) / 100)) / 100).toFixed(2) }));
        const before = invoiceTotals(lines.map((one) => ({ ...one, cost: '0' })), null, 'USD');
        const asked = new Big(askedCents).div(100);
        const spread = spreadCartDiscount(lines, asked.toFixed(2), 'USD');
        const after = invoiceTotals(lines.map((one, index) => ({ ...one, discount: spread.discounts[index]!, cost: '0' })), null, 'USD');
        const expected = asked.gt(before.grandTotal) ? new Big(before.grandTotal) : asked;
        expect(new Big(after.totalDiscount).minus(before.totalDiscount).toFixed(4)).toBe(expected.toFixed(4));
        expect(spread.given).toBe(expected.toFixed(4));
        spread.discounts.forEach((discount, index) => expect(new Big(discount).lte(lines[index]!.price)).toBe(true));
      }),
    );
  });
});
