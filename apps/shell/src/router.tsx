import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { findDocPage } from '@stockbook/contracts';
import { RemoteSlot } from './federation/remote-slot';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { DashboardPage } from './pages/dashboard-page';
import { DiagnosticsPage } from './pages/diagnostics-page';
import { ErrorPage } from './pages/error-page';
import { LoadingPage } from './pages/loading-page';
import { NotFoundPage } from './pages/not-found-page';

// Keys keep one slot per page: without them React would reuse the slot (and its loaded page)
// when the router swaps one remote page for another.
const marketing = (page: string) => <RemoteSlot key={page} remote="marketing" module="./pages" exportName={page} />;
/** Unknown documentation pages are a 404 of the public frame, like any unknown path. */
function docPageLoader({ params }: LoaderFunctionArgs) {
  if (!findDocPage(params.slug)) throw data(null, { status: 404, statusText: 'Not Found' });
  return null;
}

const section = (remote: 'inventory' | 'billing' | 'admin') => <RemoteSlot key={remote} remote={remote} module="./App" />;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: marketing('HomePage') },
      { path: 'features', element: marketing('FeaturesPage') },
      { path: 'pricing/*', element: marketing('PricingPage') },
      { path: 'terms-and-conditions', element: marketing('TermsPage') },
      { path: 'privacy-policy', element: marketing('PrivacyPage') },
      { path: 'loading', element: <LoadingPage /> },
      { path: 'docs', element: marketing('DocsIndexPage') },
      { path: 'docs/:slug', loader: docPageLoader, hydrateFallbackElement: <LoadingPage />, element: marketing('DocPage') },
    ],
  },
  { path: '/test', element: <DiagnosticsPage />, errorElement: <ErrorPage /> },
  {
    path: '/x',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <DashboardPage />, errorElement: <NotFoundPage /> },
      { path: 'inventory/*', element: section('inventory'), errorElement: <NotFoundPage /> },
      { path: 'billing/*', element: section('billing'), errorElement: <NotFoundPage /> },
      { path: 'admin/*', element: section('admin'), errorElement: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
