import { z } from 'zod';

/**
 * Every action a permission entry can grant, grouped by the kind of data it touches (the
 * permissions editor shows these groups). The `view:*` actions are the specification's; the
 * rest are what each screen's writes need. `view:cost` lets a caller see what stock cost (batch
 * costs, average costs, stock value); without it the API leaves those fields out of every answer.
 * It is business-wide: an entry holding it at any location grants it. Capital and withdrawals, users and permissions are
 * for root users and user admins only, so they have no action here.
 */
export const PERMISSION_GROUPS = [
  // view:cost: batch costs, average costs and stock value (hidden from anyone without it).
  { kind: 'Items', actions: ['view:item', 'view:cost', 'create:item', 'update:item', 'delete:item'] },
  { kind: 'Batches', actions: ['create:batch', 'update:batch', 'delete:batch'] },
  { kind: 'Categories', actions: ['view:category', 'create:category', 'update:category', 'delete:category'] },
  { kind: 'Attributes', actions: ['view:attribute', 'create:attribute', 'update:attribute', 'delete:attribute'] },
  { kind: 'Suppliers', actions: ['view:supplier', 'create:supplier', 'update:supplier', 'delete:supplier'] },
  { kind: 'Customers', actions: ['view:customer', 'create:customer', 'update:customer', 'delete:customer'] },
  { kind: 'Locations', actions: ['view:location', 'create:location', 'update:location'] },
  {
    kind: 'Invoices',
    // price:invoice: sell at a price other than the item's; discount:invoice: give a discount (issue 21).
    actions: ['view:invoice', 'create:invoice', 'price:invoice', 'discount:invoice', 'payment:invoice', 'refund:invoice', 'delete:invoice'],
  },
  {
    kind: 'Transfers',
    actions: ['view:transfer', 'create:transfer', 'complete:transfer', 'cancel:transfer', 'delete:transfer'],
  },
  { kind: 'Expenses', actions: ['view:expense', 'create:expense', 'cancel:expense', 'delete:expense'] },
  // count:till: count a location's cash and book the over or short (issue 22, rule 5).
  { kind: 'Money and reports', actions: ['view:transaction', 'count:till', 'view:report', 'view:activity'] },
] as const;

export type PermissionAction = (typeof PERMISSION_GROUPS)[number]['actions'][number];

export const PERMISSION_ACTIONS: readonly PermissionAction[] = PERMISSION_GROUPS.flatMap((group) => group.actions);

export const PermissionActionSchema = z.enum(PERMISSION_ACTIONS as [PermissionAction, ...PermissionAction[]], {
  error: (issue) => `"${String(issue.input)}" is not a permission action.`,
});

/** One entry: these actions at these locations (an empty list means every location). */
export const PermissionEntrySchema = z.object({
  action: z.array(PermissionActionSchema).min(1, 'Choose at least one action.'),
  locations: z.array(z.string().uuid('Each location must be a location id.')),
});
export type PermissionEntryDto = z.infer<typeof PermissionEntrySchema>;
/** A permission entry as requests send it: no other fields. */
export const PermissionEntryInputSchema = PermissionEntrySchema.strict();

/**
 * The roles shops give their staff (issue 24, rule 3): each fills a permission entry with its
 * actions, to be adjusted before saving. An administrator is the user-admin flag, not actions.
 */
export interface RolePreset {
  key: 'cashier' | 'shift-manager' | 'stock-keeper' | 'accountant';
  name: string;
  /** What the role does, in one line under the choice. */
  summary: string;
  actions: readonly PermissionAction[];
}

const CASHIER: readonly PermissionAction[] = [
  'view:location', 'view:item', 'view:customer', 'create:customer', 'view:invoice', 'create:invoice', 'payment:invoice',
];

export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    key: 'cashier',
    name: 'Cashier',
    summary: 'Sells, takes payments and adds customers at the till.',
    actions: CASHIER,
  },
  {
    key: 'shift-manager',
    name: 'Shift manager',
    summary: 'A cashier who also changes prices, gives discounts, refunds, counts the till, books expenses and receives transfers.',
    actions: [
      ...CASHIER, 'update:customer', 'price:invoice', 'discount:invoice', 'refund:invoice', 'view:transaction', 'count:till',
      'view:expense', 'create:expense', 'view:transfer', 'complete:transfer', 'view:category', 'view:attribute', 'view:supplier',
    ],
  },
  {
    key: 'stock-keeper',
    name: 'Stock keeper',
    summary: 'Adds and edits items, receives stock with its cost, keeps categories, attributes and suppliers, and moves stock.',
    actions: [
      'view:location', 'view:item', 'view:cost', 'create:item', 'update:item', 'create:batch', 'update:batch',
      'view:category', 'create:category', 'update:category', 'view:attribute', 'create:attribute', 'update:attribute',
      'view:supplier', 'create:supplier', 'update:supplier', 'view:transfer', 'create:transfer', 'complete:transfer', 'cancel:transfer',
    ],
  },
  {
    key: 'accountant',
    name: 'Accountant',
    summary: 'Reads the books (invoices, costs, expenses, transactions, reports and the activity log) and records payments and expenses.',
    actions: [
      'view:location', 'view:item', 'view:cost', 'view:customer', 'view:invoice', 'payment:invoice', 'view:transfer',
      'view:expense', 'create:expense', 'cancel:expense', 'view:transaction', 'view:report', 'view:activity',
    ],
  },
];

/** The preset whose actions an entry grants exactly (in any order), if any: "Cashier at Main store". */
export function presetOf(actions: readonly string[]): RolePreset | undefined {
  const given = new Set(actions);
  return ROLE_PRESETS.find((preset) => preset.actions.length === given.size && preset.actions.every((action) => given.has(action)));
}
