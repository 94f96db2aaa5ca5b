import { Menu } from 'antd';
import { NavLink, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { useMountPath } from '@stockbook/ui';
import { BusinessPage } from './business/business-page';
import { UsersPage } from './users/users-page';

/** The section's own navigation: Users at its root, the business profile beside it. */
function AdminLayout({ base }: { base: string }) {
  const { pathname } = useLocation();
  const onBusiness = pathname.replace(/\/+$/, '') === `${base}/business`;
  return (
    <>
      <nav aria-label="Admin">
        <Menu
          mode="horizontal"
          disabledOverflow
          selectedKeys={[onBusiness ? 'business' : 'users']}
          style={{ marginBottom: 16, background: 'transparent' }}
          items={[
            { key: 'users', label: <NavLink to={base || '/'} end>Users</NavLink> },
            { key: 'business', label: <NavLink to={`${base}/business`}>Business profile</NavLink> },
          ]}
        />
      </nav>
      <Outlet />
    </>
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
