import { amountForPeople } from './money';

describe('amounts as people read them', () => {
  it('keeps the minor unit, drops the stored zeros past it, and never rounds', () => {
    expect(amountForPeople('7.9900')).toBe('7.99');
    expect(amountForPeople('20.0000')).toBe('20.00');
    expect(amountForPeople('0.1250')).toBe('0.125');
    expect(amountForPeople('10')).toBe('10.00');
    expect(amountForPeople('-4.5000')).toBe('-4.50');
  });
});
