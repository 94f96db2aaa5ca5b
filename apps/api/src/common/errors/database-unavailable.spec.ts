import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';
import { isStorageFull, noteStorageFull, STORAGE_ALARM_MS, storageFullSince } from './storage-full';

describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection and a server shutting down', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54329'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], shutdown))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], unique))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it("knows PostgreSQL's disk_full and the system's ENOSPC, and nothing else", () => {
    const full = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(isStorageFull(new QueryFailedError('INSERT', [], full))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    noteStorageFull(1_000);
    expect(storageFullSince(1_000 + STORAGE_ALARM_MS - 1)).toEqual(new Date(1_000));
    expect(storageFullSince(1_000 + STORAGE_ALARM_MS)).toBeNull();
  });
});
