import { restAfter } from './item-cards.builder';

describe('the item-card builder rests in proportion to its work', () => {
  it('rests three times as long as a round took, so it takes at most a quarter of one core', () => {
    expect(restAfter(100)).toBe(300);
    expect(restAfter(400)).toBe(1200);
    const worked = 250;
    expect(worked / (worked + restAfter(worked))).toBeLessThanOrEqual(0.25);
  });

  it('never rests less than the pause it is given: between rounds, or the poll once caught up', () => {
    expect(restAfter(0)).toBe(5);
    expect(restAfter(1)).toBe(5);
    expect(restAfter(100, 1000)).toBe(1000);
    expect(restAfter(500, 1000)).toBe(1500);
  });
});
