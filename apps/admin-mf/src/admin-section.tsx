import { Menu } from 'antd';
import { NavLink, Outlet, Route, Routes, useMatch, useResolvedPath } from 'react-router-dom';
import { BusinessPage } from './business/business-page';
import { UsersPage } from './users/users-page';

/** The section's own navigation: Users at its root, the business profile beside it. */
function AdminLayout() {
  const users = useResolvedPath('.');
  const business = useResolvedPath('business');
  const onBusiness = useMatch({ path: business.pathname, end: true }) !== null;
  return (
    <>
      <nav aria-label="Admin">
        <Menu
          mode="horizontal"
          disabledOverflow
          selectedKeys={[onBusiness ? 'business' : 'users']}
          style={{ marginBottom: 16, background: 'transparent' }}
          items={[
            { key: 'users', label: <NavLink to={users.pathname} end>Users</NavLink> },
            { key: 'business', label: <NavLink to={business.pathname}>Business profile</NavLink> },
          ]}
        />
      </nav>
      <Outlet />
    </>
  );
}

/**
 * Routes relative to wherever the shell mounts the section (`/x/admin/*`): the users at its
 * root, the business profile at `business`.
 */
export function AdminSection() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<UsersPage />} />
        <Route path="business" element={<BusinessPage />} />
        <Route path="*" element={<UsersPage />} />
      </Route>
    </Routes>
  );
}
