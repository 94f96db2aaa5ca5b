import { CURRENCY_CODES, formatMoney, formatMoneyCompact, isCurrencyCode, UnknownCurrencyError } from './currency';

describe('formatMoney', () => {
  it.each([
    ['USD', '1234.5', '$1,234.50'],
    ['GBP', '0', '£0.00'],
    ['INR', '1234567.891', '₹12,34,567.89'],
    ['AUD', '-20', '-$20.00'],
    ['MYR', '99.999', 'RM100.00'],
  ])('formats %s %s as %s', (currency, amount, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('writes LKR as symbol, a space and the number, negatives with a leading "- "', () => {
    expect(formatMoney('1500', 'LKR')).toBe('රු 1,500.00');
    expect(formatMoney('-1500.25', 'LKR')).toBe('- රු 1,500.25');
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(formatMoney('12345678901234567.11', 'USD')).toBe('$12,345,678,901,234,567.11');
  });

  it('does not print a negative zero', () => {
    expect(formatMoney('-0.00', 'LKR')).toBe('රු 0.00');
  });

  it("refuses an unknown currency with 'Currency error'", () => {
    expect(() => formatMoney('1', 'EUR')).toThrow(UnknownCurrencyError);
    expect(() => formatMoney('1', 'EUR')).toThrow('Currency error');
  });

  it('knows exactly the six currencies of the specification', () => {
    expect(CURRENCY_CODES).toEqual(['USD', 'GBP', 'INR', 'AUD', 'MYR', 'LKR']);
    expect(isCurrencyCode('LKR')).toBe(true);
    expect(isCurrencyCode('lkr')).toBe(false);
  });
});

describe('formatMoneyCompact (chart axes)', () => {
  it('writes rounded amounts with the currency symbol, in its locale, negatives as formatMoney does', () => {
    expect(formatMoneyCompact(1500, 'GBP')).toBe('£1.5k'); // en-GB writes thousands as k
    expect(formatMoneyCompact(-200, 'USD')).toBe('-$200');
    expect(formatMoneyCompact(150000, 'INR')).toBe('₹1.5L');
    expect(formatMoneyCompact(12000, 'LKR')).toBe('රු 12K');
    expect(formatMoneyCompact(-12000, 'LKR')).toBe('- රු 12K');
    expect(formatMoneyCompact(0, 'MYR')).toBe('RM0');
    expect(() => formatMoneyCompact(1, 'EUR')).toThrow('Currency error');
  });
});
