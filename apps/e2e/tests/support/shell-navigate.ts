import type { Page } from '@playwright/test';

/**
 * Moves the open page to `path` inside the app, as a link the app renders would (the shell's
 * router follows the history entry), for screens no on-screen link leads to from where the test
 * stands: /loading, /test, a typed /x/view-redirect link, an unknown path. The page keeps its
 * code, its session and its caches: what a cold load would prove (the server's fallback to the
 * shell, the placeholder) is proven once by a `goto` and in apps/api/test/web-frontend.e2e-spec.ts.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // The entry as React Router writes its own (its index one past the current one).
    const current = window.history.state as { idx?: number } | null;
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (current?.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
}
