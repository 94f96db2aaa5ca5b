import { PERMISSION_GROUPS, presetOf, type PermissionEntryDto } from '@stockbook/contracts';
import { actionWords } from '@stockbook/domain';
import type { Location } from '@stockbook/contracts';

/** `view:item` as people say it: "View items" (the domain's words, which refusals use too). */
export const actionLabel = actionWords;

/** The action picker's options, grouped by the kind of data they touch. */
export const ACTION_OPTIONS = PERMISSION_GROUPS.map((group) => ({
  label: group.kind,
  title: group.kind,
  options: group.actions.map((action) => ({ label: actionLabel(action), value: action, title: action })),
}));

/** "View items, Create invoices at Main store" (or a role's name, "Cashier at Main store") for the users table. */
export function describeEntry(entry: PermissionEntryDto, locations: readonly Location[] | undefined): string {
  const actions = presetOf(entry.action)?.name ?? entry.action.map(actionLabel).join(', ');
  if (entry.locations.length === 0) return `${actions} (all locations)`;
  const names = entry.locations.map((id) => locations?.find((location) => location._id === id)?.name ?? 'a removed location');
  return `${actions} at ${names.join(', ')}`;
}

/** A person's role in a word: Owner, User admin, a preset's name ("Cashier"), or Staff. */
export function roleName(person: { rootUser?: boolean; userAdmin: boolean; permissions: readonly PermissionEntryDto[] }): string {
  if (person.rootUser) return 'Owner';
  if (person.userAdmin) return 'User admin';
  // Staff given one role's actions (issue 24's presets) are named by it.
  const roles = [...new Set(person.permissions.map((entry) => presetOf(entry.action)?.name ?? 'Staff'))];
  return roles.length === 1 ? roles[0]! : 'Staff';
}
