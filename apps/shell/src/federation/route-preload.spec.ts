import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {
  currentUserQueryOptions,
  inboxQueryOptions,
  itemListQueryOptions,
  locationsQueryOptions,
  paginatedInvoicesQueryOptions,
  reportSummaryQueryOptions,
} from '@stockbook/api-client';

const SCRIPT = readFileSync(path.join(__dirname, '../../public/route-preload.js'), 'utf8');

const MANIFEST = {
  remotes: {
    marketing: { entry: '/remotes/marketing/remoteEntry.js', preload: { './pages': ['/remotes/marketing/assets/pages-a.js', '/remotes/marketing/assets/pages-a.css'] } },
    inventory: {
      entry: '/remotes/inventory-mf/remoteEntry.js',
      preload: {
        './App': ['/remotes/inventory-mf/assets/app-a.js'],
        'src/app.tsx': ['/remotes/inventory-mf/assets/app-facade.js', '/remotes/inventory-mf/assets/app-a.js'],
        'src/items/items-page.tsx': ['/remotes/inventory-mf/assets/items-page-a.js', '/remotes/inventory-mf/assets/stock-a.js'],
      },
    },
    billing: { entry: '/remotes/billing-mf/remoteEntry.js' },
    admin: { entry: '/remotes/admin-mf/remoteEntry.js', preload: { './Activity': ['/remotes/admin-mf/assets/activity-a.js'] } },
  },
};

interface PageState {
  /** Whether the API drew the frame's placeholder into the HTML (it saw a session). */
  framePlaceholder?: boolean;
  search?: string;
  /** localStorage's entries. */
  storage?: Record<string, string>;
  /** The zone Temporal.Now tells (a browser with Temporal); none: no Temporal. */
  temporalZone?: string;
  /** URLs (by prefix) the API answers with an error. */
  failing?: string[];
}

/** Intl as the page sees it, counting how often the script made a date format (each first one costs 13 to 21 ms). */
function countingIntl() {
  const counted = { dateFormats: 0 };
  const DateTimeFormat = (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
    counted.dateFormats += 1;
    return new Intl.DateTimeFormat(...args);
  };
  return { intl: { ...Intl, DateTimeFormat }, counted };
}

/** Runs public/route-preload.js at `pathname`; the links it added to <head>. */
async function hintsAt(pathname: string, table: Record<string, string[]> = { '/x': ['/assets/x-route-a.js'] }, state: PageState = {}) {
  const links: Array<{ rel: string; as?: string; href: string }> = [];
  const storage = state.storage ?? {};
  const { intl, counted } = countingIntl();
  const window = {
    ...(state.temporalZone ? { Temporal: { Now: { timeZoneId: () => state.temporalZone } } } : {}),
    location: { pathname, origin: 'http://shop.test', search: state.search ?? '' },
    fetch: (url: string) => {
      const ok = !(state.failing ?? []).some((failing) => url.startsWith(failing));
      const body = () => Promise.resolve(url === '/remotes.json' ? MANIFEST : { answered: url });
      return Promise.resolve({ ok, url, json: body, clone: () => ({ json: body }) });
    },
    performance: { now: () => 1 },
    localStorage: {
      get length() {
        return Object.keys(storage).length;
      },
      key: (index: number) => Object.keys(storage)[index] ?? null,
      getItem: (key: string) => storage[key] ?? null,
    },
  } as Record<string, unknown>;
  const document = {
    querySelector: (selector: string) => (selector === '#root > .sb-boot' && state.framePlaceholder ? {} : null),
    getElementById: (id: string) => (id === 'stockbook-route-preload' ? { textContent: JSON.stringify(table) } : null),
    createElement: () => ({}),
    head: { appendChild: (link: { rel: string; as?: string; href: string }) => links.push(link) },
  };
  vm.runInNewContext(SCRIPT, { window, document, URL, URLSearchParams, Intl: intl });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { links: links.map((link) => link.href.replace('http://shop.test', '')), window, counted };
}

describe('public/route-preload.js', () => {
  it.each([
    ['/', 'marketing'],
    ['/features', 'marketing'],
    ['/pricing/monthly', 'marketing'],
    ['/docs/getting-started', 'marketing'],
    ['/x/inventory', 'inventory-mf'],
    ['/x/inventory/items/42', 'inventory-mf'],
    ['/x/billing/invoices', 'billing-mf'],
    ['/x/activity', 'admin-mf'],
  ])('hints the remote entry of %s (%s)', async (pathname, app) => {
    const { links } = await hintsAt(pathname);
    expect(links.filter((href) => href.endsWith('/remoteEntry.js'))).toEqual([`/remotes/${app}/remoteEntry.js`]);
  });

  it("hints the frame's chunks and the screen module's files under /x, and those of the screen a section opens on only where it opens there", async () => {
    expect((await hintsAt('/x/activity')).links).toEqual(['/assets/x-route-a.js', '/remotes/admin-mf/remoteEntry.js', '/remotes/admin-mf/assets/activity-a.js']);
    const section = ['/remotes/inventory-mf/remoteEntry.js', '/remotes/inventory-mf/assets/app-a.js', '/remotes/inventory-mf/assets/app-facade.js'];
    const items = ['/remotes/inventory-mf/assets/items-page-a.js', '/remotes/inventory-mf/assets/stock-a.js'];
    expect((await hintsAt('/x/inventory')).links).toEqual(['/assets/x-route-a.js', ...section, ...items]);
    expect((await hintsAt('/x/inventory/items/42')).links).toEqual(['/assets/x-route-a.js', ...section, ...items]);
    expect((await hintsAt('/x/inventory/categories')).links).toEqual(['/assets/x-route-a.js', ...section]);
  });

  it("hints a page's own chunks ('=' keys) on that page only, a prefix's on every page under it", async () => {
    const table = { '/x': ['/assets/x-route-a.js'], '=/x': ['/assets/dashboard-page-a.js'] };
    for (const pathname of ['/x', '/x/']) expect((await hintsAt(pathname, table)).links).toEqual(expect.arrayContaining(['/assets/x-route-a.js', '/assets/dashboard-page-a.js']));
    for (const pathname of ['/x/inventory', '/x/billing/sale', '/xylophone']) expect((await hintsAt(pathname, table)).links).not.toContain('/assets/dashboard-page-a.js');
    expect((await hintsAt('/x/inventory', table)).links).toContain('/assets/x-route-a.js');
  });

  it('hints no remote on pages a remote does not render, and no frame chunk outside /x', async () => {
    for (const pathname of ['/user/login', '/test', '/x/no-permission', '/xylophone']) {
      expect((await hintsAt(pathname)).links.filter((href) => href.startsWith('/remotes/'))).toEqual([]);
    }
    expect((await hintsAt('/user/login')).links).toEqual([]);
  });

  it("hints both remotes' widgets on the dashboard", async () => {
    const remotes = (await hintsAt('/x')).links.filter((href) => href.startsWith('/remotes/'));
    expect(remotes).toEqual(['/remotes/billing-mf/remoteEntry.js', '/remotes/inventory-mf/remoteEntry.js']);
  });

  it('leaves the manifest answer for the shell', async () => {
    const { window } = await hintsAt('/');
    await expect(window.stockbookRemotes).resolves.toEqual(MANIFEST);
  });

  describe('early API calls', () => {
    it("asks the browser's time zone only for the dashboard, from Temporal when the browser has it (no date format made)", async () => {
      for (const pathname of ['/x/inventory', '/x/billing']) {
        expect((await hintsAt(pathname, {}, { framePlaceholder: true })).counted.dateFormats).toBe(0);
      }
      const dashboard = await hintsAt('/x', {}, { framePlaceholder: true, temporalZone: 'Asia/Kolkata' });
      expect(Object.keys(dashboard.window.stockbookEarlyCalls as object)).toContain('/api/v1/user/report/summary?timeZone=Asia%2FKolkata');
      expect(dashboard.counted.dateFormats).toBe(0);
      // Without Temporal, Intl tells it.
      expect((await hintsAt('/x', {}, { framePlaceholder: true })).counted.dateFormats).toBe(1);
    });

    const early = async (pathname: string, state: PageState = {}) => {
      const { window } = await hintsAt(pathname, {}, { framePlaceholder: true, ...state });
      return Object.keys((window.stockbookEarlyCalls as Record<string, unknown> | undefined) ?? {});
    };
    const frame = ['/api/v1/user/details', '/api/v1/user/location', '/api/v1/user/message'];

    it("asks the frame's calls and the items screen's first page on /x/inventory", async () => {
      expect(await early('/x/inventory')).toEqual([...frame, '/api/v1/user/inventory/list?page=1&limit=50']);
      expect(await early('/x/inventory', { storage: { 'stockbook-location:u1': 'loc 1', 'stockbook-theme': 'dark' } })).toContain(
        '/api/v1/user/inventory/list?location=loc+1&page=1&limit=50',
      );
    });

    it("asks the dashboard's clock-free widgets on /x, and only the frame's calls on other screens", async () => {
      const timeZone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
      expect(await early('/x')).toEqual([
        ...frame,
        `/api/v1/user/report/summary?timeZone=${timeZone}`,
        '/api/v1/user/invoice/paginated?page=1&limit=5',
        '/api/v1/user/inventory/list?lowStock=true&page=1&limit=5',
      ]);
      expect(await early('/x/billing')).toEqual(frame);
      expect(await early('/x/inventory/categories')).toEqual(frame);
    });

    it('asks nothing without a session, off /x, on a filtered screen, or when several users are remembered', async () => {
      expect(await early('/x/inventory', { framePlaceholder: false })).toEqual([]);
      expect(await early('/features')).toEqual([]);
      expect(await early('/x/inventory', { search: '?q=tea' })).toEqual([]);
      const two = await early('/x/inventory', { storage: { 'stockbook-location:u1': 'a', 'stockbook-location:u2': 'b' } });
      expect(two).toContain('/api/v1/user/inventory/list?page=1&limit=50');
    });

    it('reads each successful answer as it lands (from a clone), for the screen to show on its first render', async () => {
      const { window } = await hintsAt('/x/inventory', {}, { framePlaceholder: true, failing: ['/api/v1/user/message'] });
      await new Promise((resolve) => setTimeout(resolve, 0));
      const calls = window.stockbookEarlyCalls as Record<string, { read?: boolean; body?: unknown }>;
      expect(calls['/api/v1/user/details']).toMatchObject({ read: true, body: { answered: '/api/v1/user/details' } });
      expect(calls['/api/v1/user/inventory/list?page=1&limit=50']).toMatchObject({ read: true });
      // A failure is not read: the caller that takes it reads the error.
      expect(calls['/api/v1/user/message']?.read).toBeUndefined();
    });

    it('asks the very URLs the query options of those screens ask', async () => {
      const asked: string[] = [];
      const realFetch = global.fetch;
      global.fetch = ((url: string) => {
        asked.push(url);
        return Promise.reject(new Error('not sent'));
      }) as typeof fetch;
      try {
        const signal = new AbortController().signal;
        const run = (options: { queryFn?: unknown }) =>
          (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({ signal }).catch(() => undefined);
        await run(currentUserQueryOptions());
        await run(locationsQueryOptions());
        await run(inboxQueryOptions());
        // The items screen's defaults (apps/inventory-mf/src/items/use-item-filters.ts toListQuery), then at a location.
        const items = { search: undefined, category: undefined, location: undefined, supplier: undefined, lowStock: undefined, page: 1, limit: 50 };
        await run(itemListQueryOptions(items));
        await run(itemListQueryOptions({ ...items, location: 'loc 1' }));
        await run(reportSummaryQueryOptions({ locations: undefined, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' }));
        await run(paginatedInvoicesQueryOptions({ page: 1, limit: 5, locations: undefined }));
        await run(itemListQueryOptions({ lowStock: 'true', location: undefined, page: 1, limit: 5 }));
      } finally {
        global.fetch = realFetch;
      }
      const started = [...(await early('/x/inventory')), ...(await early('/x/inventory', { storage: { 'stockbook-location:u1': 'loc 1' } })), ...(await early('/x'))];
      expect(new Set(started)).toEqual(new Set(asked));
    });
  });
});
