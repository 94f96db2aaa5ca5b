import { formatMoney } from './currency';
import { dateShown } from './dates';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formats made once', () => {
  it('gives the same format for the same locale and options, another for others', () => {
    expect(numberFormat('en-GB', { minimumFractionDigits: 2 })).toBe(numberFormat('en-GB', { minimumFractionDigits: 2 }));
    expect(numberFormat('en-US', { minimumFractionDigits: 2 })).not.toBe(numberFormat('en-GB', { minimumFractionDigits: 2 }));
    expect(dateTimeFormat('en-GB', { timeZone: 'UTC' })).not.toBe(dateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }));
  });

  it('lets a list of figures and dates make no new format after the first of each', () => {
    formatMoney('1', 'INR');
    dateShown('2026-11-28T10:00:00Z', { locale: 'en-IN', timeZone: 'Asia/Kolkata' });
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 50; i++) {
      expect(formatMoney(`${i}.5`, 'INR')).toBe(`₹${i}.50`);
      dateShown('2026-11-28T10:00:00Z', { locale: 'en-IN', timeZone: 'Asia/Kolkata' });
    }
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });
});
