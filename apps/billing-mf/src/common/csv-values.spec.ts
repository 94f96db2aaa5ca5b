import { describe, expect, it } from '@jest/globals';
import { formatQuantity } from '@stockbook/domain';
import { csvAmount, csvDate, csvDateTime, csvFileName, oldestFirst } from './csv-values';

describe('the billing exports’ values', () => {
  it('write amounts in the currency’s decimals, half up, signed, with no symbol', () => {
    expect(['20.0000', '-5.1250', '0', '1234567.8949'].map((value) => csvAmount(value, 'GBP'))).toEqual(['20.00', '-5.13', '0.00', '1234567.89']);
  });

  it('write dates and times in the business’s time zone, whatever the machine’s', () => {
    // 23:30 UTC on 28 November is already the 29th in Colombo (+05:30) and still the 28th in New York.
    expect(csvDate('2026-11-28T23:30:00.000Z', 'Asia/Colombo')).toBe('2026-11-29');
    expect(csvDateTime('2026-11-28T23:30:00.000Z', 'Asia/Colombo')).toBe('2026-11-29 05:00');
    expect(csvDateTime('2026-11-28T23:30:00.000Z', 'America/New_York')).toBe('2026-11-28 18:30');
    expect(csvDateTime('2026-07-01T23:05:00.000Z', 'Europe/London')).toBe('2026-07-02 00:05');
  });

  it('write quantities without trailing zeros and name files by their range', () => {
    expect(['2.000', '1.500', '0.125', '10', '0.000'].map(formatQuantity)).toEqual(['2', '1.5', '0.125', '10', '0']);
    expect(csvFileName('transactions', '2026-11-01', '2026-11-28')).toBe('transactions-2026-11-01-to-2026-11-28.csv');
  });

  it('put a newest-first list oldest first, the same instant in reverse screen order', () => {
    const rows = [
      { id: 'c', at: '2026-11-28T10:00:00.000Z' },
      { id: 'b2', at: '2026-11-27T10:00:00.000Z' },
      { id: 'b1', at: '2026-11-27T10:00:00.000Z' },
      { id: 'a', at: '2026-11-01T10:00:00.000Z' },
    ];
    expect(oldestFirst(rows, (row) => row.at).map((row) => row.id)).toEqual(['a', 'b1', 'b2', 'c']);
  });
});
