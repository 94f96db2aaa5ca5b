import { listWords } from './words';

describe('listWords', () => {
  it('names one, two or more things in a sentence', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['Tea'])).toBe('Tea');
    expect(listWords(['Tea', 'Jam'])).toBe('Tea and Jam');
    expect(listWords(['Tea', 'Jam', 'Bread'])).toBe('Tea, Jam and Bread');
  });
});
