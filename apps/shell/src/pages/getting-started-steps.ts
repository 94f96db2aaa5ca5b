/** What the getting-started list is ticked from: the business's own data, as the API answers it. */
export interface SetupFacts {
  /** The business has an address or a phone number on its invoices. */
  contactDetails: boolean;
  locations: number;
  items: number;
  invoices: number;
  users: number;
  /** Staff invitations sent and not yet accepted (accepted ones are users). */
  invitations: number;
  /** A test receipt was printed (the business records when). */
  testReceipt: boolean;
}

export interface SetupStep {
  key: 'details' | 'location' | 'items' | 'sale' | 'staff' | 'receipt';
  label: string;
  /** Where the step is done; the dashboard's list is back a step away. */
  to: string;
  done: boolean;
  /** Not every shop has one: it never holds the list open. */
  optional?: boolean;
}

/**
 * The getting-started list of a new shop (issue 24, rule 1), each step ticked from real data:
 * its contact details, a second location if it has one, its first items, a first sale, its
 * staff and a test receipt. Done when every step that is not optional is.
 */
export function setupSteps(facts: SetupFacts): { steps: SetupStep[]; done: boolean } {
  const steps: SetupStep[] = [
    { key: 'details', label: "Add your shop's address and phone, printed on invoices", to: '/x/admin/business', done: facts.contactDetails },
    { key: 'location', label: 'Add your other shops or stores, if you have any', to: '/x/locations', done: facts.locations > 1, optional: true },
    { key: 'items', label: 'Add your first items, or import them from a CSV file', to: '/x/inventory?do=add-item', done: facts.items > 0 },
    { key: 'sale', label: 'Make a first sale', to: '/x/billing/sale', done: facts.invoices > 0 },
    { key: 'staff', label: 'Invite your staff, each with a role', to: '/x/admin?do=invite-user', done: facts.users > 1 || facts.invitations > 0 },
    { key: 'receipt', label: 'Print a test receipt', to: '/x/billing/sale?do=test-receipt', done: facts.testReceipt },
  ];
  return { steps, done: steps.every((step) => step.done || step.optional) };
}
