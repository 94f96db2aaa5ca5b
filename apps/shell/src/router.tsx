import { createBrowserRouter, data, matchRoutes, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { findDocPage, type RemoteName } from '@stockbook/contracts';
import { LoadingIndicator } from '@stockbook/ui';
import { preloadRemoteModule } from './federation/remote-module';
import { RemoteSlot } from './federation/remote-slot';
import { FramePlaceholder, ScreenLoading } from './frame/frame-placeholder';
import { PublicLayout } from './layouts/public-layout';
import { DiagnosticsPage } from './pages/diagnostics-page';
import { ErrorPage } from './pages/error-page';
import { LoadingPage } from './pages/loading-page';
import { NoPermissionPage } from './pages/no-permission-page';
import { NotFoundPage } from './pages/not-found-page';
import { loadAntdStylesheet } from './theme/antd-stylesheet';

/** Which remote module a route renders (a list: modules it renders), so the first page's modules can load ahead of React. */
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

/** The sections a signed-in user moves between with the sidebar, by the path that opens each. */
const SECTION_PATHS = ['/x', '/x/inventory', '/x/billing'];
let sectionsPreloaded = false;
const SECTIONS_PRELOAD_MARK = 'stockbook:sections-preload';

/**
 * Once a screen of /x is shown, the other sections' code loads while the page is idle, so a move
 * in the sidebar waits for its data only (issue 20: Inventory to Billing took 470 ms, none of it
 * the main thread's; most was the billing remote's code arriving).
 */
function preloadSectionsSoon(): void {
  if (sectionsPreloaded) return;
  sectionsPreloaded = true;
  window.setTimeout(() => {
    const run = () => {
      // When the page's own loading ended and this speculative one began: the frontend bench counts
      // the page's JavaScript up to it and these sections' apart (bench/frontend.bench.mjs).
      performance.mark(SECTIONS_PRELOAD_MARK);
      SECTION_PATHS.forEach(preloadRemotesFor);
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, 300);
}

/**
 * A screen of the /x frame rendered by a remote module. The frame itself shows the no-permission
 * page instead when the user may not open the section a path belongs to (access/sections.ts).
 */
function remoteScreen(remote: RemoteName, module: string): Pick<RouteObject, 'element' | 'handle'> {
  return {
    element: <RemoteSlot key={`${remote}${module}`} remote={remote} module={module} loading={<ScreenLoading />} onShown={preloadSectionsSoon} />,
    handle: { remote, module } satisfies RemoteHandle,
  };
}

/** Unknown documentation pages are a 404 of the public frame, like any unknown path. */
function docPageLoader({ params }: LoaderFunctionArgs) {
  if (!findDocPage(params.slug)) throw data(null, { status: 404, statusText: 'Not Found' });
  return null;
}

/** An antd route's module, once antd's stylesheet is in the page too (both load side by side). */
async function withAntdStylesheet<T>(route: Promise<T>): Promise<T> {
  const [module] = await Promise.all([route, loadAntdStylesheet()]);
  return module;
}

const forgotPage = async () => ({ Component: (await import('./user/forgot-page')).ForgotPage });

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
  // The public invoice page /i/:id is not a route of the shell: it is its own small entry
  // (public-invoice.html, src/public-invoice/main.tsx) that the API serves for /i and /i/*.
  {
    // Sign-in pages (antd, loaded with the route): a signed-in visitor goes on to /x (asked first on an e-mailed link's page).
    path: '/user',
    lazy: async () => ({ Component: (await withAntdStylesheet(import('./user/user-route'))).UserRoute }),
    hydrateFallbackElement: <LoadingIndicator />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <Navigate to="/user/login" replace /> },
      { path: 'login', lazy: async () => ({ Component: (await import('./user/login-page')).LoginPage }) },
      { path: 'registration', lazy: async () => ({ Component: (await import('./user/registration-page')).RegistrationPage }) },
      // One page, its tab in the URL.
      { path: 'forgot/username', lazy: forgotPage },
      { path: 'forgot/password', lazy: forgotPage },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('./user/reset-password-page')).ResetPasswordPage }) },
      { path: 'invitation', lazy: async () => ({ Component: (await import('./user/invitation-page')).InvitationPage }) },
    ],
  },
  {
    // The signed-in area: its guard and antd frame load with the route.
    path: '/x',
    lazy: async () => ({ Component: (await withAntdStylesheet(import('./frame/x-route'))).XRoute }),
    hydrateFallbackElement: <FramePlaceholder />,
    errorElement: <ErrorPage />,
    children: [
      {
        // Errors of any screen under /x show the not-found page inside the frame.
        errorElement: <NotFoundPage />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage }),
            // Its widgets' modules (DASHBOARD_WIDGETS), so they load beside the frame rather than after it.
            handle: [
              { remote: 'billing', module: './Widgets' },
              { remote: 'inventory', module: './Widgets' },
            ] satisfies RemoteHandle[],
          },
          { path: 'inventory/*', ...remoteScreen('inventory', './App') },
          { path: 'billing/*', ...remoteScreen('billing', './App') },
          { path: 'locations/*', ...remoteScreen('admin', './Locations') },
          { path: 'activity/*', ...remoteScreen('admin', './Activity') },
          { path: 'admin/*', ...remoteScreen('admin', './App') },
          { path: 'messages/*', ...remoteScreen('admin', './Messages') },
          { path: 'profile/*', ...remoteScreen('admin', './Profile') },
          { path: 'view-redirect', lazy: async () => ({ Component: (await import('./pages/view-redirect-page')).ViewRedirectPage }) },
          { path: 'no-permission', element: <NoPermissionPage /> },
          { path: 'not-found', element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Starts loading the remote modules the page at `pathname` renders. */
export function preloadRemotesFor(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RemoteHandle | RemoteHandle[] | undefined;
    for (const { remote, module } of [handle ?? []].flat()) preloadRemoteModule(remote, module);
  }
}

export const createRouter = () => createBrowserRouter(routes);
