import { formatMoney } from '@stockbook/domain';
import { keepTogether } from './use-money';

describe('money on screen', () => {
  it('never lets a spaced symbol wrap apart from its number', () => {
    const text = keepTogether(formatMoney('-1250.5', 'LKR'));
    expect(text).toBe('-\u00a0රු\u00a01,250.50');
    expect(text).not.toContain(' ');
  });

  it('leaves unspaced formats as they are', () => {
    expect(keepTogether(formatMoney('1250.5', 'GBP'))).toBe('£1,250.50');
  });
});
