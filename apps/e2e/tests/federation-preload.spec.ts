import { expect, test, type Page } from '@playwright/test';

// A cold page asks for its remote's entry and screen from <head> (apps/shell/public/route-preload.js),
// not once the shell's code has run: with the shell's entry script held back, the page's remote
// files and (under /x) the frame's chunks are still requested.

/** Opens `path` with the shell's own entry script refused, and returns the URLs requested. */
async function requestsWithoutShell(page: Page, path: string): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  await page.route(/\/assets\/mf-entry-bootstrap-[^/]*\.js$/, (route) => route.abort());
  await page.goto(path);
  return urls;
}

test('the home page asks for the marketing remote before the shell runs', async ({ page }) => {
  const urls = await requestsWithoutShell(page, '/');
  await expect.poll(() => urls).toContain('/remotes/marketing/remoteEntry.js');
  await expect.poll(() => urls.some((url) => /^\/remotes\/marketing\/assets\/pages-[^/]+\.js$/.test(url))).toBe(true);
  expect(urls.some((url) => url.startsWith('/remotes/inventory-mf/') || /\/assets\/x-route-/.test(url) || /\/assets\/antd-[^/]+\.css$/.test(url))).toBe(false);
});

test('/x/inventory asks for the frame, the inventory remote and its screen before the shell runs', async ({ page }) => {
  const urls = await requestsWithoutShell(page, '/x/inventory');
  await expect.poll(() => urls).toContain('/remotes/inventory-mf/remoteEntry.js');
  await expect.poll(() => urls.some((url) => /^\/remotes\/inventory-mf\/assets\/app-[^/]+\.js$/.test(url))).toBe(true);
  await expect.poll(() => urls.some((url) => /^\/assets\/x-route-[^/]+\.js$/.test(url))).toBe(true);
  await expect.poll(() => urls.some((url) => /^\/assets\/antd-common-[^/]+\.js$/.test(url))).toBe(true);
  // antd's stylesheet (apps/shell/src/theme/antd-stylesheet.ts): the public pages never ask for it.
  await expect.poll(() => urls.some((url) => /^\/assets\/antd-[^/]+\.css$/.test(url))).toBe(true);
  expect(urls).not.toContain('/remotes/marketing/remoteEntry.js');
});

test("the page's plain scripts are cached for good: a returning visitor's page runs them without asking the server", async ({ page }) => {
  // tools/vite/hashed-public-scripts.ts: under their plain names, no-cache, each cost a
  // revalidation before the page could go on (theme-boot.js blocks the parser).
  await page.goto('/');
  const sources = await page.locator('head script[src]:not([type="module"])').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src') ?? ''));
  expect(sources).toEqual([expect.stringMatching(/^\/theme-boot-[\w-]{8}\.js$/), expect.stringMatching(/^\/route-preload-[\w-]{8}\.js$/)]);
  for (const source of sources) {
    const response = await page.request.get(source);
    expect({ source, status: response.status(), cache: response.headers()['cache-control'] }).toEqual({ source, status: 200, cache: 'public, max-age=31536000, immutable' });
  }
});
