import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const SCRIPT = readFileSync(path.join(__dirname, '../../public/route-preload.js'), 'utf8');

const MANIFEST = {
  remotes: {
    marketing: { entry: '/remotes/marketing/remoteEntry.js', preload: { './pages': ['/remotes/marketing/assets/pages-a.js', '/remotes/marketing/assets/pages-a.css'] } },
    inventory: { entry: '/remotes/inventory-mf/remoteEntry.js', preload: { './App': ['/remotes/inventory-mf/assets/app-a.js'] } },
    billing: { entry: '/remotes/billing-mf/remoteEntry.js' },
    admin: { entry: '/remotes/admin-mf/remoteEntry.js', preload: { './Activity': ['/remotes/admin-mf/assets/activity-a.js'] } },
  },
};

/** Runs public/route-preload.js at `pathname`; the links it added to <head>. */
async function hintsAt(pathname: string, table: Record<string, string[]> = { '/x': ['/assets/x-route-a.js'] }) {
  const links: Array<{ rel: string; as?: string; href: string }> = [];
  const window = {
    location: { pathname, origin: 'http://shop.test' },
    fetch: () => Promise.resolve({ ok: true, json: () => Promise.resolve(MANIFEST) }),
  } as Record<string, unknown>;
  const document = {
    getElementById: (id: string) => (id === 'stockbook-route-preload' ? { textContent: JSON.stringify(table) } : null),
    createElement: () => ({}),
    head: { appendChild: (link: { rel: string; as?: string; href: string }) => links.push(link) },
  };
  vm.runInNewContext(SCRIPT, { window, document, URL });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { links: links.map((link) => link.href.replace('http://shop.test', '')), window };
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

  it("hints the screen module's files and the frame's chunks under /x", async () => {
    expect((await hintsAt('/x/inventory')).links).toEqual(['/assets/x-route-a.js', '/remotes/inventory-mf/remoteEntry.js', '/remotes/inventory-mf/assets/app-a.js']);
    expect((await hintsAt('/x/activity')).links).toContain('/remotes/admin-mf/assets/activity-a.js');
  });

  it('hints no remote on pages a remote does not render, and no frame chunk outside /x', async () => {
    for (const pathname of ['/user/login', '/test', '/x', '/x/no-permission', '/xylophone']) {
      expect((await hintsAt(pathname)).links.filter((href) => href.startsWith('/remotes/'))).toEqual([]);
    }
    expect((await hintsAt('/user/login')).links).toEqual([]);
  });

  it('leaves the manifest answer for the shell', async () => {
    const { window } = await hintsAt('/');
    await expect(window.stockbookRemotes).resolves.toEqual(MANIFEST);
  });
});
