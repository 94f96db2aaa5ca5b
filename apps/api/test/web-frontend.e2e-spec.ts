import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RemotesManifestSchema } from '@stockbook/contracts';
import { startTestApi, type TestApi } from './support/test-api';

/** The front door: shell, remotes, manifest and page fallback on the API's origin. */
describe('serving the web front ends', () => {
  let api: TestApi;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'stockbook-web-'));
    mkdirSync(path.join(webRoot, 'shell/assets'), { recursive: true });
    writeFileSync(path.join(webRoot, 'shell/index.html'), '<html><head><title>Stockbook</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webRoot, 'shell/public-invoice.html'), '<html><head><title>Invoice Loading...</title></head><body></body></html>');
    writeFileSync(path.join(webRoot, 'shell/assets/index-AbCdEf12.js'), 'console.log("shell")');
    mkdirSync(path.join(webRoot, 'admin-mf'), { recursive: true });
    writeFileSync(path.join(webRoot, 'admin-mf/remoteEntry.js'), 'export const admin = 1;');
    const exposed = (js: string[]) => ({ js: { sync: js, async: [] }, css: { sync: [], async: [] } });
    const federationManifest = { metaData: { publicPath: '/remotes/admin-mf/' }, exposes: [{ path: './App', assets: exposed(['assets/app-a.js']) }] };
    writeFileSync(path.join(webRoot, 'admin-mf/mf-manifest.json'), JSON.stringify(federationManifest));
    writeFileSync(path.join(webRoot, 'admin-mf/module-preloads.json'), JSON.stringify({ 'src/users/users-page.tsx': ['assets/users-page-a.js', 'assets/users-a.css'] }));
    api = await startTestApi({
      SERVE_WEB: 'true',
      WEB_ROOT: webRoot,
      REMOTE_BILLING_URL: 'https://cdn.example.com/billing/remoteEntry.js',
      SENTRY_DSN: 'https://key@errors.example.com/7',
    });
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves /remotes.json from configuration', async () => {
    const response = await api.request({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = RemotesManifestSchema.parse(response.json());
    expect(manifest.remotes.admin?.entry).toBe('/remotes/admin-mf/remoteEntry.js');
    expect(manifest.remotes.billing?.entry).toBe('https://cdn.example.com/billing/remoteEntry.js');
  });

  it("lists, for a remote it serves, the files of each exposed module and of the modules they load as they start", async () => {
    const manifest = RemotesManifestSchema.parse((await api.request({ method: 'GET', url: '/remotes.json' })).json());
    expect(manifest.remotes.admin?.preload).toEqual({
      './App': ['/remotes/admin-mf/assets/app-a.js'],
      'src/users/users-page.tsx': ['/remotes/admin-mf/assets/users-page-a.js', '/remotes/admin-mf/assets/users-a.css'],
    });
    // A remote served elsewhere: its files are its server's business.
    expect(manifest.remotes.billing?.preload).toBeUndefined();
  });

  it("admits a remote's configured origin and Sentry's in the content security policy", async () => {
    const response = await api.request({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/errors\.example\.com/);
  });

  it('serves the shell with the run-time configuration in a meta tag', async () => {
    const response = await api.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<meta name="stockbook-config" content="{&quot;sentryDsn&quot;:&quot;https://key@errors.example.com/7&quot;');
  });

  it('falls back to the shell for any page path', async () => {
    const response = await api.request({ method: 'GET', url: '/x/inventory/items?page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Stockbook</title>');
  });

  it('answers /i and /i/* with the public invoice page, as built, and every other page with the shell', async () => {
    for (const url of ['/i/abc', '/i', '/i/', '/i/Zx_9-Qa?utm=mail']) {
      const response = await api.request({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe('<html><head><title>Invoice Loading...</title></head><body></body></html>');
    }
    for (const url of ['/x/inventory', '/index', '/invoices', '/x/billing/invoices']) {
      const response = await api.request({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.body).toContain('<title>Stockbook</title>');
    }
  });

  it("sends a page under /x asked with a session with the frame's placeholder and the screen's title", async () => {
    const cookie = 'stockbook_session=any-token';
    const inventory = await api.request({ method: 'GET', url: '/x/inventory/items/abc?page=2', headers: { cookie } });
    expect(inventory.statusCode).toBe(200);
    expect(inventory.headers.vary).toMatch(/cookie/i);
    expect(inventory.body).toContain('<title>Inventory · Stockbook</title>');
    expect(inventory.body).toContain('<div id="root"><div class="sb-boot" aria-busy="true">');
    expect(inventory.body).toContain('<div class="sb-page-title">Inventory</div>');
    const dashboard = await api.request({ method: 'GET', url: '/x', headers: { cookie } });
    expect(dashboard.body).toContain('<title>Dashboard · Stockbook</title>');

    // Without a session the shell sends the visitor to sign in: no frame is drawn. Public pages never get it.
    const signedOut = await api.request({ method: 'GET', url: '/x/inventory' });
    expect(signedOut.body).toContain('<title>Stockbook</title>');
    expect(signedOut.body).toContain('<div id="root"></div>');
    for (const url of ['/', '/pricing', '/xylophone', '/user/login']) {
      const page = await api.request({ method: 'GET', url, headers: { cookie } });
      expect({ url, placeholder: page.body.includes('sb-boot') }).toEqual({ url, placeholder: false });
    }
  });

  it('serves hashed assets as immutable and remote entries as no-cache', async () => {
    const asset = await api.request({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const entry = await api.request({ method: 'GET', url: '/remotes/admin-mf/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('admin = 1');
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file, a missing remote file and an unknown API path with 404', async () => {
    expect((await api.request({ method: 'GET', url: '/assets/missing-12345678.js' })).statusCode).toBe(404);
    expect((await api.request({ method: 'GET', url: '/remotes/billing-mf/remoteEntry.js' })).statusCode).toBe(404);
    const unknownApi = await api.request({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never serves files outside the web root', async () => {
    const response = await api.request({ method: 'GET', url: '/..%2f..%2f..%2fetc%2fpasswd' });
    expect(response.body).not.toContain('root:');
  });
});
