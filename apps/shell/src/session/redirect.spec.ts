import { loginPathFor, safeRedirect } from './redirect';

describe('return after sign-in', () => {
  it('goes back to a path under /x, with its query and hash', () => {
    expect(safeRedirect('/x/inventory')).toBe('/x/inventory');
    expect(safeRedirect('/x/view-redirect?type=item&id=1#top')).toBe('/x/view-redirect?type=item&id=1#top');
    expect(safeRedirect('/x')).toBe('/x');
  });

  it('refuses anything else and goes to the dashboard', () => {
    for (const target of [null, undefined, '', 'x/inventory', '//evil.example/x', 'https://evil.example/x', '/xanadu', '/user/login', '/\\evil', '/']) {
      expect(safeRedirect(target)).toBe('/x');
    }
  });

  it('notes where the visitor was going in the sign-in link', () => {
    expect(loginPathFor({ pathname: '/x/some-path', search: '?a=1', hash: '' })).toBe('/user/login?redirect=%2Fx%2Fsome-path%3Fa%3D1');
    expect(loginPathFor({ pathname: '/x' })).toBe('/user/login');
  });

  it('round-trips: the noted target is accepted back', () => {
    const link = new URL(loginPathFor({ pathname: '/x/billing/invoices', search: '?page=2' }), 'http://localhost');
    expect(safeRedirect(link.searchParams.get('redirect'))).toBe('/x/billing/invoices?page=2');
  });
});
