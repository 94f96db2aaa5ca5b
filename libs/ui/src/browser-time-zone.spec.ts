import { browserTimeZone } from './browser-time-zone';

describe('browserTimeZone', () => {
  const holder = globalThis as { Temporal?: unknown };
  afterEach(() => {
    delete holder.Temporal;
  });

  it("takes Temporal's zone when the browser has Temporal, without making a date format", () => {
    holder.Temporal = { Now: { timeZoneId: () => 'Asia/Kolkata' } };
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(browserTimeZone()).toBe('Asia/Kolkata');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("falls back to Intl's zone without Temporal, or when Temporal fails", () => {
    const intlZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    expect(browserTimeZone()).toBe(intlZone);
    holder.Temporal = { Now: { timeZoneId: () => { throw new RangeError('no zone'); } } };
    expect(browserTimeZone()).toBe(intlZone);
  });
});
