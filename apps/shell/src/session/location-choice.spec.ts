import { chooseLocation, offersAllLocations, selectableLocations } from './location-choice';

const all = { all: true } as const;
const some = (...ids: string[]) => ({ all: false, ids }) as const;

describe('location selector', () => {
  it('offers everyone who sees every location "all" by default, and keeps a visible choice', () => {
    expect(chooseLocation(all, ['a', 'b'], null)).toBeNull();
    expect(chooseLocation(all, ['a', 'b'], 'b')).toBe('b');
    expect(chooseLocation(all, ['a', 'b'], 'gone')).toBeNull();
  });

  it('offers a user limited to several locations "all" of them too, starting there', () => {
    expect(offersAllLocations(some('a', 'b'), ['a', 'b'])).toBe(true);
    expect(chooseLocation(some('a', 'b'), ['a', 'b'], null)).toBeNull();
    expect(chooseLocation(some('a', 'b'), ['a', 'b'], 'b')).toBe('b');
    expect(chooseLocation(some('a', 'b'), ['a', 'b'], 'elsewhere')).toBeNull();
  });

  it('always holds the one location of a user limited to one', () => {
    expect(offersAllLocations(some('a'), ['a'])).toBe(false);
    expect(chooseLocation(some('a'), ['a'], null)).toBe('a');
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
