import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { lazyExport, LoadingIndicator, useMountPath } from '@stockbook/ui';
import { SectionTabs, useCan, useCurrentUser } from '@stockbook/ui/antd';

// Each screen (and the antd components it uses) loads when first shown.
const ItemsPage = lazyExport(() => import('./items/items-page'), 'ItemsPage');

/** Loads the items screen (where Inventory opens) ahead of its first showing. */
export const preloadItemsScreen = () => ItemsPage.preload();
const CategoriesPage = lazyExport(() => import('./catalogue/categories-page'), 'CategoriesPage');
const AttributesPage = lazyExport(() => import('./catalogue/attributes-page'), 'AttributesPage');
const SuppliersPage = lazyExport(() => import('./catalogue/suppliers-page'), 'SuppliersPage');
const BatchLink = lazyExport(() => import('./items/batch-link'), 'BatchLink');
const SectionNotFound = lazyExport(() => import('./section-not-found'), 'SectionNotFound');

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
  // The tabs show under each screen's heading (Page), on the app's one heading scale.
  return (
    <SectionTabs
      label="Inventory"
      current={current}
      tabs={TABS.filter((tab) => can(tab.needs)).map((tab) => ({ key: tab.key, label: tab.label, to: tab.path ? `${base}/${tab.path}` : base }))}
    >
      <Suspense fallback={<LoadingIndicator />}>
        <Outlet />
      </Suspense>
    </SectionTabs>
  );
}

/**
 * Items at the section's root (an item's drawer at `items/:itemId`; a batch's link at
 * `batches/:batchId` opens its item's), categories, attributes and
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
        <Route path="batches/:batchId" element={<BatchLink base={base} />} />
        <Route path="categories/:categoryId?" element={<CategoriesPage />} />
        <Route path="attributes/:attributeId?" element={<AttributesPage />} />
        <Route path="suppliers/:supplierId?" element={<SuppliersPage />} />
        <Route path="*" element={<SectionNotFound />} />
      </Route>
    </Routes>
  );
}
