import { Menu, Result } from 'antd';
import { NavLink, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { useMountPath } from '@stockbook/ui';
import { useCan, useCurrentUser } from '@stockbook/ui/antd';
import { AttributesPage } from './catalogue/attributes-page';
import { CategoriesPage } from './catalogue/categories-page';
import { SuppliersPage } from './catalogue/suppliers-page';
import { ItemsPage } from './items/items-page';

/** The section's screens, each shown to those holding its view permission (section 6). */
const TABS = [
  { key: 'items', label: 'Items', path: '', needs: 'view:item' },
  { key: 'categories', label: 'Categories', path: 'categories', needs: 'view:category' },
  { key: 'attributes', label: 'Attributes', path: 'attributes', needs: 'view:attribute' },
  { key: 'suppliers', label: 'Suppliers', path: 'suppliers', needs: 'view:supplier' },
] as const;

function InventoryLayout({ base }: { base: string }) {
  const { pathname } = useLocation();
  const can = useCan();
  const rest = pathname.slice(base.length).replace(/^\/+/, '');
  const current = TABS.find((tab) => tab.path && (rest === tab.path || rest.startsWith(`${tab.path}/`)))?.key ?? 'items';
  return (
    <>
      <nav aria-label="Inventory">
        <Menu
          mode="horizontal"
          disabledOverflow
          selectedKeys={[current]}
          style={{ marginBottom: 16, background: 'transparent' }}
          items={TABS.filter((tab) => can(tab.needs)).map((tab) => ({
            key: tab.key,
            label: (
              <NavLink to={tab.path ? `${base}/${tab.path}` : base || '/'} end={!tab.path}>
                {tab.label}
              </NavLink>
            ),
          }))}
        />
      </nav>
      <Outlet />
    </>
  );
}

function SectionNotFound() {
  return <Result status="404" title="Not found" subTitle="There is no such inventory page." />;
}

/**
 * Items at the section's root (an item's drawer at `items/:itemId`), categories, attributes and
 * suppliers beside them; `/x/view-redirect` links land on these paths.
 */
export function InventorySection() {
  const base = useMountPath();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Routes>
      <Route element={<InventoryLayout base={base} />}>
        <Route index element={<ItemsPage base={base} />} />
        <Route path="items/:itemId" element={<ItemsPage base={base} />} />
        <Route path="categories/:categoryId?" element={<CategoriesPage />} />
        <Route path="attributes/:attributeId?" element={<AttributesPage />} />
        <Route path="suppliers/:supplierId?" element={<SuppliersPage />} />
        <Route path="*" element={<SectionNotFound />} />
      </Route>
    </Routes>
  );
}
