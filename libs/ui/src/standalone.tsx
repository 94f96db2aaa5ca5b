import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { registerHostProbe } from '@stockbook/shell-context';
import React from 'react';

/**
 * Renders a remote on its own dev server, for its team: a router and a QueryClient of its own
 * stand in for the shell's.
 */
export function renderStandalone(app: ReactNode, basename: string): void {
  const queryClient = new QueryClient();
  registerHostProbe({ react: React, queryClient, version: 'standalone' });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={basename}>{app}</BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
