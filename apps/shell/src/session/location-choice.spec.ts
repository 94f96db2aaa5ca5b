import { chooseLocation, selectableLocations } from './location-choice';

const all = { all: true } as const;
const some = (...ids: string[]) => ({ all: false, ids }) as const;

describe('location selector', () => {
  it('offers everyone who sees every location "all" by default, and keeps a visible choice', () => {
    expect(chooseLocation(all, ['a', 'b'], null)).toBeNull();
    expect(chooseLocation(all, ['a', 'b'], 'b')).toBe('b');
    expect(chooseLocation(all, ['a', 'b'], 'gone')).toBeNull();
  });

  it('always holds one of a limited user\'s locations', () => {
    expect(chooseLocation(some('a', 'b'), ['a', 'b'], null)).toBe('a');
    expect(chooseLocation(some('a', 'b'), ['a', 'b'], 'b')).toBe('b');
    expect(chooseLocation(some('a'), ['a'], 'elsewhere')).toBe('a');
    expect(chooseLocation(some(), [], null)).toBeNull();
  });

  it('lists only the visible locations', () => {
    const locations = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    expect(selectableLocations(all, locations)).toEqual(locations);
    expect(selectableLocations(some('b'), locations)).toEqual([{ _id: 'b' }]);
    expect(selectableLocations(some(), locations)).toEqual([]);
  });
});
