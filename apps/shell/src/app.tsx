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

export function App({ config }: { config: ShellRuntimeConfig }) {
  const theme = useThemeState();
  const services = useMemo<ShellServices>(() => ({ config, notify, theme }), [config, theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellProvider value={services}>
        <RouterProvider router={router} />
        <Toaster theme={theme.resolved} visibleToasts={5} richColors closeButton toastOptions={{ style: { textAlign: 'left' } }} />
      </ShellProvider>
    </QueryClientProvider>
  );
}
