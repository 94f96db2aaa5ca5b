import { Menu } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

export interface SectionTab {
  key: string;
  label: string;
  /** Where the tab leads (under the section's mount path). */
  to: string;
  /** The tab at the section's root: selected only on that exact path. */
  end?: boolean;
}

const SectionTabsContext = createContext<ReactNode>(null);

/**
 * A section's own screens as tabs (Inventory: Items, Categories...; Admin: Users, Business
 * profile). The section's layout wraps its routes in this; each screen's `Page` shows the tabs
 * under its heading, so every screen reads heading, tabs, content.
 */
export function SectionTabs({ label, tabs, current, children }: { label: string; tabs: readonly SectionTab[]; current: string; children: ReactNode }) {
  const nav =
    tabs.length === 0 ? null : (
      <nav aria-label={label} className="sb-section-tabs">
        <Menu
          mode="horizontal"
          disabledOverflow
          selectedKeys={[current]}
          items={tabs.map((tab) => ({
            key: tab.key,
            label: (
              <NavLink to={tab.to || '/'} end={tab.end}>
                {tab.label}
              </NavLink>
            ),
          }))}
        />
      </nav>
    );
  return <SectionTabsContext.Provider value={nav}>{children}</SectionTabsContext.Provider>;
}

/** The tabs of the section this screen is in (none outside a section). */
export function useSectionTabs(): ReactNode {
  return useContext(SectionTabsContext);
}
