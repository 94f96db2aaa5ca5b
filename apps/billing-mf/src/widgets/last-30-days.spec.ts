import { describe, expect, it } from '@jest/globals';
import { lastDaysRange } from './last-30-days';

describe('lastDaysRange', () => {
  it('spans today and the 29 days before it, in the reader time zone', () => {
    const now = new Date('2026-03-31T23:30:00Z'); // already 1 April in Colombo (UTC+5:30)
    expect(lastDaysRange(now, 'UTC')).toEqual({ startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-03-31T23:59:59.999Z' });
    expect(lastDaysRange(now, 'Asia/Colombo')).toEqual({ startDate: '2026-03-02T18:30:00.000Z', endDate: '2026-04-01T18:29:59.999Z' });
  });

  it('crosses a change of clocks without losing or gaining a day', () => {
    // Europe/London moves to summer time on 29 March 2026: the range starts at GMT midnight.
    const now = new Date('2026-04-10T12:00:00Z');
    expect(lastDaysRange(now, 'Europe/London')).toEqual({ startDate: '2026-03-12T00:00:00.000Z', endDate: '2026-04-10T22:59:59.999Z' });
  });
});
