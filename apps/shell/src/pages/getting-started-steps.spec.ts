import { setupSteps, type SetupFacts } from './getting-started-steps';

const fresh: SetupFacts = { contactDetails: false, locations: 1, items: 0, invoices: 0, users: 1, invitations: 0, testReceipt: false };

describe('the getting-started list', () => {
  it("starts with nothing ticked for a shop just signed up", () => {
    const { steps, done } = setupSteps(fresh);
    expect(steps.filter((step) => step.done)).toEqual([]);
    expect(done).toBe(false);
  });

  it('ticks each step from its own fact', () => {
    const ticked = (facts: Partial<SetupFacts>) => setupSteps({ ...fresh, ...facts }).steps.filter((step) => step.done).map((step) => step.key);
    expect(ticked({ contactDetails: true })).toEqual(['details']);
    expect(ticked({ locations: 2 })).toEqual(['location']);
    expect(ticked({ items: 3 })).toEqual(['items']);
    expect(ticked({ invoices: 1 })).toEqual(['sale']);
    expect(ticked({ users: 2 })).toEqual(['staff']);
    expect(ticked({ invitations: 1 })).toEqual(['staff']);
    expect(ticked({ testReceipt: true })).toEqual(['receipt']);
  });

  it('is done without a second location, which not every shop has', () => {
    expect(setupSteps({ contactDetails: true, locations: 1, items: 1, invoices: 1, users: 2, invitations: 0, testReceipt: true }).done).toBe(true);
    expect(setupSteps({ contactDetails: true, locations: 1, items: 1, invoices: 0, users: 2, invitations: 0, testReceipt: true }).done).toBe(false);
    expect(setupSteps({ contactDetails: true, locations: 1, items: 1, invoices: 1, users: 2, invitations: 0, testReceipt: false }).done).toBe(false);
  });
});
