import { describe, expect, it } from '@jest/globals';
import { nextMethod, resolvePayments, type DraftPayment } from './sale-payments';

const row = (key: string, method: DraftPayment['method'], amount = '', tendered = ''): DraftPayment => ({ key, method, amount, tendered });

describe('the payments typed at the counter', () => {
  it('one row left empty is paid in full; cash tendered gives the change', () => {
    expect(resolvePayments([row('a', 'Cash', '', '50')], '45.94', 'USD')).toEqual({
      payments: [{ paymentMethod: 'Cash', amount: '45.94', tendered: '50.00' }],
      paymentMethod: 'Cash',
      paid: '45.9400',
      change: '4.0600',
      amounts: { a: '45.94' },
      changes: { a: '4.06' },
      problems: {},
    });
  });

  it('split: the last row left empty takes the rest; the invoice method is the first payment’s', () => {
    const resolved = resolvePayments([row('a', 'Cash', '20', '20'), row('b', 'Card')], '65.94', 'USD');
    expect(resolved.payments).toEqual([
      { paymentMethod: 'Cash', amount: '20.00', tendered: '20.00' },
      { paymentMethod: 'Card', amount: '45.94' },
    ]);
    expect([resolved.paymentMethod, resolved.paid, resolved.change]).toEqual(['Cash', '65.9400', '0.0000']);
  });

  it('Credit receives nothing; an empty amount before the last, a bad amount and tendered below the payment are named on their fields', () => {
    expect(resolvePayments([row('a', 'Credit', '10')], '65.94', 'USD')).toMatchObject({ payments: [], paymentMethod: 'Credit', paid: '0.0000' });
    const resolved = resolvePayments([row('a', 'Card'), row('b', 'Cash', '1.001', '1'), row('c', 'Cash', '5', '4')], '20', 'USD');
    expect(Object.keys(resolved.problems)).toEqual(['a.amount', 'b.amount', 'c.tendered']);
    expect(resolved.payments).toEqual([{ paymentMethod: 'Cash', amount: '5.00' }]);
  });

  it('paid beyond the total leaves the last row nothing; a new row offers a method not used yet', () => {
    expect(resolvePayments([row('a', 'Cash', '30'), row('b', 'Card')], '20', 'USD')).toMatchObject({ paid: '30.0000', payments: [{ amount: '30.00' }] });
    expect(nextMethod([row('a', 'Cash')])).toBe('Card');
    expect(nextMethod([row('a', 'Card'), row('b', 'Cash')])).toBe('Bank_Transfer');
  });
});
