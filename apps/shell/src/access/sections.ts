import { can, isAdministrator, type PermissionHolder } from '@stockbook/domain';

/** The sections of the signed-in frame's sidebar, in their order. */
export const SECTIONS = ['dashboard', 'inventory', 'billing', 'locations', 'activity', 'admin'] as const;
export type Section = (typeof SECTIONS)[number];

export interface SectionLink {
  readonly section: Section;
  readonly label: string;
  readonly to: string;
}

export const SECTION_LINKS: Readonly<Record<Section, SectionLink>> = {
  dashboard: { section: 'dashboard', label: 'Dashboard', to: '/x' },
  inventory: { section: 'inventory', label: 'Inventory', to: '/x/inventory' },
  billing: { section: 'billing', label: 'Billing', to: '/x/billing' },
  locations: { section: 'locations', label: 'Locations', to: '/x/locations' },
  activity: { section: 'activity', label: 'Activity', to: '/x/activity' },
  admin: { section: 'admin', label: 'Admin', to: '/x/admin' },
};

/** Billing shows invoices, customers, expenses, transfers and transactions: any one opens it. */
export const BILLING_VIEW_ACTIONS = ['view:invoice', 'view:customer', 'view:expense', 'view:transfer', 'view:transaction'] as const;

/**
 * Who may open each section (section 6): the sidebar shows, and the router opens, exactly these.
 * The API refuses the rest anyway; this only hides what it would refuse.
 */
export function canOpenSection(user: PermissionHolder, section: Section): boolean {
  switch (section) {
    case 'dashboard':
      return true;
    case 'inventory':
      return can(user, 'view:item');
    case 'billing':
      return BILLING_VIEW_ACTIONS.some((action) => can(user, action));
    case 'locations':
      return can(user, 'view:location');
    case 'activity':
      return can(user, 'view:activity');
    case 'admin':
      return isAdministrator(user);
  }
}

/** The sidebar's links for this user, in order. */
export function sidebarLinks(user: PermissionHolder): SectionLink[] {
  return SECTIONS.filter((section) => canOpenSection(user, section)).map((section) => SECTION_LINKS[section]);
}

/** The section a path under /x belongs to, for the sidebar's selected item. */
export function sectionOfPath(pathname: string): Section | null {
  const segment = pathname.replace(/^\/x\/?/, '').split('/', 1)[0];
  if (segment === '') return 'dashboard';
  return (SECTIONS as readonly string[]).includes(segment) ? (segment as Section) : null;
}
