import { parseScan, shortfall } from './stock';

describe('parseScan: a count in front of a code', () => {
  it('reads N*code, with or without spaces around *', () => {
    expect(parseScan('3*4006381333931')).toEqual({ count: 3, code: '4006381333931' });
    expect(parseScan(' 12 * TEA-01 ')).toEqual({ count: 12, code: 'TEA-01' });
  });

  it('takes anything else as one of what was typed', () => {
    expect(parseScan('5060000000011')).toEqual({ count: 1, code: '5060000000011' });
    expect(parseScan('Green tea')).toEqual({ count: 1, code: 'Green tea' });
    expect(parseScan('3*')).toEqual({ count: 1, code: '3*' });
    expect(parseScan('0*TEA')).toEqual({ count: 1, code: '0*TEA' });
    expect(parseScan('1000*TEA')).toEqual({ count: 1, code: '1000*TEA' });
    expect(parseScan('2x4 timber')).toEqual({ count: 1, code: '2x4 timber' });
  });
});

describe('shortfall: what a line asks beyond the stock on hand', () => {
  it('is the missing quantity when the line asks more than there is', () => {
    expect(shortfall('3', '2.000')).toBe('1');
    expect(shortfall('0.5', '0.25')).toBe('0.25');
    expect(shortfall('1', '0')).toBe('1');
  });

  it('is null when the line fits or cannot be read yet', () => {
    expect(shortfall('2', '2.000')).toBeNull();
    expect(shortfall('1.5', '10')).toBeNull();
    expect(shortfall('', '1')).toBeNull();
    expect(shortfall('abc', '1')).toBeNull();
  });
});
