import { PERMISSION_GROUPS, type PermissionEntryDto } from '@stockbook/contracts';
import type { Location } from '@stockbook/contracts';

const VERBS: Record<string, string> = {
  view: 'View',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
  payment: 'Take payments on',
  price: 'Change prices on',
  discount: 'Give discounts on',
  refund: 'Refund',
  complete: 'Complete',
  cancel: 'Cancel',
  count: 'Count',
};

const NOUNS: Record<string, string> = {
  item: 'items',
  // view:cost: batch costs, average costs and stock value, hidden from staff without it.
  cost: 'costs and stock value',
  batch: 'batches',
  category: 'categories',
  attribute: 'attributes',
  supplier: 'suppliers',
  customer: 'customers',
  location: 'locations',
  invoice: 'invoices',
  transfer: 'transfers',
  expense: 'expenses',
  transaction: 'transactions',
  report: 'reports',
  activity: 'the activity log',
  // count:till: count a location's cash (issue 22, rule 5).
  till: 'the till',
};

/** `view:item` as people say it: "View items". */
export function actionLabel(action: string): string {
  const [verb = '', noun = ''] = action.split(':');
  return `${VERBS[verb] ?? verb} ${NOUNS[noun] ?? noun}`.trim();
}

/** The action picker's options, grouped by the kind of data they touch. */
export const ACTION_OPTIONS = PERMISSION_GROUPS.map((group) => ({
  label: group.kind,
  title: group.kind,
  options: group.actions.map((action) => ({ label: actionLabel(action), value: action, title: action })),
}));

/** "View items, Create invoices at Main store" for the users table. */
export function describeEntry(entry: PermissionEntryDto, locations: readonly Location[] | undefined): string {
  const actions = entry.action.map(actionLabel).join(', ');
  if (entry.locations.length === 0) return `${actions} (all locations)`;
  const names = entry.locations.map((id) => locations?.find((location) => location._id === id)?.name ?? 'a removed location');
  return `${actions} at ${names.join(', ')}`;
}
