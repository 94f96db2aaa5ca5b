/**
 * The user documentation served at /docs: one page per entry, written in
 * apps/marketing/src/docs/content/<slug>.md (a unit test keeps the list and the files in step).
 * The shell lists them in the command palette; the marketing remote renders them.
 */
export const DOC_PAGES = [
  { slug: 'getting-started', title: 'Getting started' },
  { slug: 'inventory', title: 'Inventory' },
  { slug: 'invoices', title: 'Invoices' },
  { slug: 'transfers', title: 'Transfers' },
  { slug: 'reports', title: 'Reports' },
] as const;

export type DocPage = (typeof DOC_PAGES)[number];
export type DocSlug = DocPage['slug'];

export const DOCS_BASE_PATH = '/docs';

export function docPath(slug: DocSlug): string {
  return `${DOCS_BASE_PATH}/${slug}`;
}

export function findDocPage(slug: string | undefined): DocPage | undefined {
  return DOC_PAGES.find((page) => page.slug === slug);
}
