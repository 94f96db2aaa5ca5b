import { DOC_PAGES, docPath } from '@stockbook/contracts';

/** True when `pathname` is `base` or below it (`/pricing`, `/pricing/anything`). */
export function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export interface PaletteLink {
  label: string;
  to: string;
  /** Extra words the palette matches on. */
  keywords?: string[];
}

/** What the command palette's Links group offers: the site's pages and every documentation page. */
export const PALETTE_LINKS: readonly PaletteLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Documentation', to: '/docs', keywords: ['docs', 'help', 'guide'] },
  ...DOC_PAGES.map((page) => ({ label: `Documentation: ${page.title}`, to: docPath(page.slug), keywords: ['docs'] })),
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Login', to: '/user/login', keywords: ['sign in'] },
];
