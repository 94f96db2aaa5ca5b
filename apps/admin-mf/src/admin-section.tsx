import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { lazyExport, LoadingIndicator, useMountPath } from '@stockbook/ui';
import { SectionTabs } from '@stockbook/ui/antd';

// Each screen (and the antd components it uses) loads when first shown.
const UsersPage = lazyExport(() => import('./users/users-page'), 'UsersPage');
const BusinessPage = lazyExport(() => import('./business/business-page'), 'BusinessPage');

/** The section's own screens, as tabs under each screen's heading: Users at its root, the business profile beside it. */
function AdminLayout({ base }: { base: string }) {
  const { pathname } = useLocation();
  const onBusiness = pathname.replace(/\/+$/, '') === `${base}/business`;
  return (
    <SectionTabs
      label="Admin"
      current={onBusiness ? 'business' : 'users'}
      tabs={[
        { key: 'users', label: 'Users', to: base },
        { key: 'business', label: 'Business profile', to: `${base}/business` },
      ]}
    >
      <Suspense fallback={<LoadingIndicator />}>
        <Outlet />
      </Suspense>
    </SectionTabs>
  );
}

/** Users at the section's root, the business profile at `business`. */
export function AdminSection() {
  const base = useMountPath();
  return (
    <Routes>
      <Route element={<AdminLayout base={base} />}>
        <Route index element={<UsersPage />} />
        <Route path="business" element={<BusinessPage />} />
        <Route path="*" element={<UsersPage />} />
      </Route>
    </Routes>
  );
}
