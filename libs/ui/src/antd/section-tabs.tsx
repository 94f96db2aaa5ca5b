import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface SectionTab {
  key: string;
  label: string;
  /** Where the tab leads (under the section's mount path). */
  to: string;
}

const SectionTabsContext = createContext<ReactNode>(null);

/**
 * A section's own screens as tabs (Inventory: Items, Categories...; Admin: Users, Business
 * profile). The section's layout wraps its routes in this; each screen's `Page` shows the tabs
 * under its heading, so every screen reads heading, tabs, content. Plain links in a list, the
 * current one marked aria-current=page (a phone scrolls them sideways): antd's horizontal Menu
 * drew them twice more after mounting while it measured itself, on each section's first screen.
 */
export function SectionTabs({ label, tabs, current, children }: { label: string; tabs: readonly SectionTab[]; current: string; children: ReactNode }) {
  const nav =
    tabs.length === 0 ? null : (
      <nav aria-label={label} className="sb-section-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Link to={tab.to || '/'} aria-current={tab.key === current ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  return <SectionTabsContext.Provider value={nav}>{children}</SectionTabsContext.Provider>;
}

/** The tabs of the section this screen is in (none outside a section). */
export function useSectionTabs(): ReactNode {
  return useContext(SectionTabsContext);
}
