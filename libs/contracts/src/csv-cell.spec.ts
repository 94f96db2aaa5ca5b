import fc from 'fast-check';
import { escapeCellName, splitCell, unescapeCellName } from './csv-cell';

describe('names in CSV list cells', () => {
  it('escapes the separators and the backslash', () => {
    expect(escapeCellName('Tea; coffee > hot: yes \\ no')).toBe('Tea\\; coffee \\> hot\\: yes \\\\ no');
  });

  it('splits at separators that are not escaped', () => {
    expect(splitCell('Drinks > Tea\\; coffee; Sale', ';')).toEqual(['Drinks > Tea\\; coffee', 'Sale']);
    expect(splitCell('Drinks > Tea\\> hot', '>')).toEqual(['Drinks', 'Tea\\> hot']);
    expect(splitCell('Ratio\\: x: 1:2', ':', 2)).toEqual(['Ratio\\: x', '1:2']);
  });

  it('reads back every list of names it wrote', () => {
    const name = fc.string({ minLength: 1 }).filter((text) => text.trim() === text && text.length > 0);
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 5 }), (names) => {
        const cell = names.map(escapeCellName).join('; ');
        expect(splitCell(cell, ';').map(unescapeCellName)).toEqual(names);
      }),
    );
  });
});
