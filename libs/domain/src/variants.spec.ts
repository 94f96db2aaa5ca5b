import fc from 'fast-check';
import { variantCombinations } from './variants';

const size = { attributeName: 'Size', values: [{ id: 's', value: 'Small' }, { id: 'l', value: 'Large' }] };
const colour = { attributeName: 'colour', values: [{ id: 'r', value: 'Red' }, { id: 'b', value: 'Blue' }, { id: 'g', value: 'Green' }] };

describe('variantCombinations', () => {
  it('makes one variant per value of a single attribute', () => {
    expect(variantCombinations([size])).toEqual([
      { valueIds: ['s'], name: 'Small' },
      { valueIds: ['l'], name: 'Large' },
    ]);
  });

  it('crosses attributes in attribute-name order (ignoring case), naming variants as the API does', () => {
    const combos = variantCombinations([size, colour]);
    expect(combos).toHaveLength(6);
    expect(combos[0]).toEqual({ valueIds: ['r', 's'], name: 'Red / Small' });
    expect(combos.map((c) => c.name)).toContain('Green / Large');
  });

  it('leaves out attributes with no value chosen, and makes nothing from nothing', () => {
    expect(variantCombinations([{ attributeName: 'Fit', values: [] }, size])).toHaveLength(2);
    expect(variantCombinations([])).toEqual([]);
    expect(variantCombinations([{ attributeName: 'Fit', values: [] }])).toEqual([]);
  });

  it('makes the product of the value counts, every combination different', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 4 }), (counts) => {
        const choices = counts.map((count, a) => ({
          attributeName: `A${a}`,
          values: Array.from({ length: count }, (_, v) => ({ id: `${a}-${v}`, value: `V${v}` })),
        }));
        const combos = variantCombinations(choices);
        const used = counts.filter((count) => count > 0);
        expect(combos).toHaveLength(used.length === 0 ? 0 : used.reduce((product, count) => product * count, 1));
        expect(new Set(combos.map((c) => c.valueIds.join(','))).size).toBe(combos.length);
        combos.forEach((c) => expect(c.valueIds).toHaveLength(used.length));
      }),
    );
  });
});
