import { restAfter } from './item-cards.builder';

describe('the item-card builder rests in proportion to its work while others write', () => {
  it('rests three times as long as a round took, so it takes at most a quarter of one core', () => {
    expect(restAfter(100)).toBe(300);
    expect(restAfter(400, { competing: true })).toBe(1200);
    const worked = 250;
    expect(worked / (worked + restAfter(worked))).toBeLessThanOrEqual(0.25);
  });

  it('never rests less than the pause it is given: between rounds, or the poll once caught up', () => {
    expect(restAfter(0)).toBe(5);
    expect(restAfter(1)).toBe(5);
    expect(restAfter(100, { atLeastMs: 1000 })).toBe(1000);
    expect(restAfter(500, { atLeastMs: 1000 })).toBe(1500);
  });

  it('with no other writer, goes on after the shortest pause however long the round took', () => {
    expect(restAfter(400, { competing: false })).toBe(5);
    expect(restAfter(400, { atLeastMs: 1000, competing: false })).toBe(1000);
  });
});
