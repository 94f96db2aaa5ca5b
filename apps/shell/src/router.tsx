import { createBrowserRouter, data, matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { findDocPage, type RemoteName } from '@stockbook/contracts';
import { preloadRemoteModule } from './federation/remote-module';
import { RemoteSlot } from './federation/remote-slot';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { DashboardPage } from './pages/dashboard-page';
import { DiagnosticsPage } from './pages/diagnostics-page';
import { ErrorPage } from './pages/error-page';
import { LoadingPage } from './pages/loading-page';
import { NotFoundPage } from './pages/not-found-page';

/** Which remote module a route renders, so the first page's module can load ahead of React. */
interface RemoteHandle {
  remote: RemoteName;
  module: string;
}

// Keys keep one slot per page: without them React would reuse the slot (and its loaded page)
// when the router swaps one remote page for another.
function marketingPage(page: string): Pick<RouteObject, 'element' | 'handle'> {
  return {
    element: <RemoteSlot key={page} remote="marketing" module="./pages" exportName={page} />,
    handle: { remote: 'marketing', module: './pages' } satisfies RemoteHandle,
  };
}

function section(remote: 'inventory' | 'billing' | 'admin'): Pick<RouteObject, 'element' | 'handle'> {
  return {
    element: <RemoteSlot key={remote} remote={remote} module="./App" />,
    handle: { remote, module: './App' } satisfies RemoteHandle,
  };
}

/** Unknown documentation pages are a 404 of the public frame, like any unknown path. */
function docPageLoader({ params }: LoaderFunctionArgs) {
  if (!findDocPage(params.slug)) throw data(null, { status: 404, statusText: 'Not Found' });
  return null;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, ...marketingPage('HomePage') },
      { path: 'features', ...marketingPage('FeaturesPage') },
      { path: 'pricing/*', ...marketingPage('PricingPage') },
      { path: 'terms-and-conditions', ...marketingPage('TermsPage') },
      { path: 'privacy-policy', ...marketingPage('PrivacyPage') },
      { path: 'loading', element: <LoadingPage /> },
      { path: 'docs', ...marketingPage('DocsIndexPage') },
      { path: 'docs/:slug', loader: docPageLoader, hydrateFallbackElement: <LoadingPage />, ...marketingPage('DocPage') },
    ],
  },
  { path: '/test', element: <DiagnosticsPage />, errorElement: <ErrorPage /> },
  {
    path: '/x',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <DashboardPage />, errorElement: <NotFoundPage /> },
      { path: 'inventory/*', ...section('inventory'), errorElement: <NotFoundPage /> },
      { path: 'billing/*', ...section('billing'), errorElement: <NotFoundPage /> },
      { path: 'admin/*', ...section('admin'), errorElement: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Starts loading the remote modules the page at `pathname` renders. */
export function preloadRemotesFor(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RemoteHandle | undefined;
    if (handle) preloadRemoteModule(handle.remote, handle.module);
  }
}

export const createRouter = () => createBrowserRouter(routes);
