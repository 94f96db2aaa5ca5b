import React, { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import type { ShellRuntimeConfig } from '@stockbook/contracts';
import { registerHostProbe, ShellProvider, type ShellServices } from '@stockbook/shell-context';
import { notify } from './notifications';
import { createQueryClient } from './query-client';
import { createRouter, preloadRemotesFor } from './router';
import { listenToApiErrors } from './session/api-error-listener';
import { useThemeState } from './theme/theme-store';

const queryClient = createQueryClient();
preloadRemotesFor(window.location.pathname);
const router = createRouter();

registerHostProbe({ react: React, queryClient, version: __APP_VERSION__ });
// The one request-error policy (section 8), for the shell's and every remote's calls.
listenToApiErrors(queryClient, notify);
prefetchSession(window.location.pathname);

/**
 * A signed-in page's first calls (user/details, and the frame's locations), asked as soon as the
 * shell runs rather than once the frame's code has arrived and rendered its guard, which reads the
 * same queries (same keys and options: one request each, and errors take the usual way). The
 * queries' code is in the frame's session chunk (public/route-preload.js has it on the way), so
 * the public pages carry none of it.
 */
function prefetchSession(pathname: string): void {
  if (pathname !== '/x' && !pathname.startsWith('/x/')) return;
  // The API drew the frame's placeholder: it saw a session (public/route-preload.js checks the same).
  const framed = document.querySelector('#root > .sb-boot') !== null;
  void import('./session/use-session')
    .then(({ prefetchCurrentSession, prefetchFrameLocations }) => Promise.all([prefetchCurrentSession(queryClient), framed && prefetchFrameLocations(queryClient)]))
    .catch(() => undefined); // the frame's guard loads and asks again
}

/**
 * Sonner's rich light colours put success, info and error text under 4.5:1 on their own
 * backgrounds (#008a2e on #ecfdf3 is 4.25): darker text for the light theme.
 */
const LIGHT_TOAST_TEXT = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--error-text': 'hsl(360, 100%, 35%)',
  '--warning-text': 'hsl(31, 92%, 30%)',
} as React.CSSProperties;

export function App({ config }: { config: ShellRuntimeConfig }) {
  const theme = useThemeState();
  const services = useMemo<ShellServices>(() => ({ config, notify, theme }), [config, theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellProvider value={services}>
        <RouterProvider router={router} />
        <Toaster theme={theme.resolved} visibleToasts={5} richColors closeButton toastOptions={{ style: { textAlign: 'left' } }} style={theme.resolved === 'light' ? LIGHT_TOAST_TEXT : undefined} />
      </ShellProvider>
    </QueryClientProvider>
  );
}
