import { businessCalendar, datePattern, dateShown, dateTimeShown, localDaysBounds } from './dates';

describe('business dates', () => {
  it('writes dates the way the currency’s country does, in the business’s time zone', () => {
    const us = businessCalendar({ currency: 'USD', timeZone: 'America/Los_Angeles' });
    const uk = businessCalendar({ currency: 'GBP', timeZone: 'Europe/London' });
    // 07:30 UTC on 5 March is 23:30 on 4 March in Los Angeles.
    expect(dateShown('2026-03-05T07:30:00Z', us)).toBe('03/04/2026');
    expect(dateShown('2026-03-05T07:30:00Z', uk)).toBe('05/03/2026');
    expect(dateTimeShown('2026-03-05T07:30:00Z', us)).toBe('03/04/2026, 11:30 PM');
    expect(dateTimeShown('2026-03-05T07:30:00Z', uk)).toBe('05/03/2026, 07:30');
  });

  it('gives the date picker the same order', () => {
    expect(datePattern('en-US')).toBe('MM/DD/YYYY');
    expect(datePattern('en-GB')).toBe('DD/MM/YYYY');
    expect(datePattern('en-IN')).toBe('DD/MM/YYYY');
  });

  it('bounds whole local days, across a change of clocks', () => {
    expect(localDaysBounds('2026-03-04', '2026-03-05', 'Asia/Kolkata')).toEqual({ startDate: '2026-03-03T18:30:00.000Z', endDate: '2026-03-05T18:29:59.999Z' });
    // London's clocks go forward on 29 March 2026: that day has 23 hours.
    expect(localDaysBounds('2026-03-29', '2026-03-29', 'Europe/London')).toEqual({ startDate: '2026-03-29T00:00:00.000Z', endDate: '2026-03-29T22:59:59.999Z' });
  });
});
