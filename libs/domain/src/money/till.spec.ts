import { postToLedger } from '../sales/ledger';
import { planTillCount, tillDifferenceShown } from './till';

describe('counting the till', () => {
  it('books a shortage and an overage in cash, and nothing when the till is right', () => {
    expect(planTillCount('120.5000', '118.3')).toEqual({
      expected: '120.5000',
      counted: '118.3000',
      difference: '-2.2000',
      movement: { transactionType: 'Till', amount: '-2.2000', creditChange: '0', paymentMethod: 'Cash' },
    });
    expect(planTillCount('10', '10.05').movement?.amount).toBe('0.0500');
    expect(planTillCount('10', '10.00').movement).toBeNull();
  });

  it('leaves the till holding what was counted', () => {
    const plan = planTillCount('75.0000', '70');
    const after = postToLedger({ currentBalance: '75.0000', creditBalance: '0' }, [plan.movement!]);
    expect(after.currentBalance).toBe('70.0000');
  });

  it('says the difference in words', () => {
    expect(tillDifferenceShown('-2.2000', 'GBP')).toBe('Short by £2.20');
    expect(tillDifferenceShown('0.0500', 'USD')).toBe('Over by $0.05');
    expect(tillDifferenceShown('0.0000', 'USD')).toBe('Exactly right');
  });
});
