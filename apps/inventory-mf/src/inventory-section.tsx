import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { LoadingIndicator, useMountPath } from '@stockbook/ui';
import { SectionTabs, useCan, useCurrentUser } from '@stockbook/ui/antd';

// Each screen (and the antd components it uses) loads when first shown.
const ItemsPage = lazy(() => import('./items/items-page').then((module) => ({ default: module.ItemsPage })));
const CategoriesPage = lazy(() => import('./catalogue/categories-page').then((module) => ({ default: module.CategoriesPage })));
const AttributesPage = lazy(() => import('./catalogue/attributes-page').then((module) => ({ default: module.AttributesPage })));
const SuppliersPage = lazy(() => import('./catalogue/suppliers-page').then((module) => ({ default: module.SuppliersPage })));
const BatchLink = lazy(() => import('./items/batch-link').then((module) => ({ default: module.BatchLink })));
const SectionNotFound = lazy(() => import('./section-not-found').then((module) => ({ default: module.SectionNotFound })));

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
      tabs={TABS.filter((tab) => can(tab.needs)).map((tab) => ({ key: tab.key, label: tab.label, to: tab.path ? `${base}/${tab.path}` : base, end: !tab.path }))}
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
