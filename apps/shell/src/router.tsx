import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RemoteSlot } from './federation/remote-slot';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { DashboardPage } from './pages/dashboard-page';
import { DiagnosticsPage } from './pages/diagnostics-page';
import { ErrorPage } from './pages/error-page';
import { NotFoundPage } from './pages/not-found-page';

const marketing = (page: string) => <RemoteSlot remote="marketing" module="./pages" exportName={page} />;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: marketing('HomePage') },
      { path: 'features', element: marketing('FeaturesPage') },
      { path: 'pricing', element: marketing('PricingPage') },
      { path: 'terms-and-conditions', element: marketing('TermsPage') },
      { path: 'privacy-policy', element: marketing('PrivacyPage') },
    ],
  },
  { path: '/test', element: <DiagnosticsPage />, errorElement: <ErrorPage /> },
  {
    path: '/x',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <DashboardPage />, errorElement: <NotFoundPage /> },
      { path: 'inventory/*', element: <RemoteSlot remote="inventory" module="./App" />, errorElement: <NotFoundPage /> },
      { path: 'billing/*', element: <RemoteSlot remote="billing" module="./App" />, errorElement: <NotFoundPage /> },
      { path: 'admin/*', element: <RemoteSlot remote="admin" module="./App" />, errorElement: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
