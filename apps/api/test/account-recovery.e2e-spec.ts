import { DataSource } from 'typeorm';
import { registerBusiness, signIn, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('forgotten username and password reset (real PostgreSQL, mail to the outbox)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller;

  beforeAll(async () => {
    api = await startTestApi({ PUBLIC_URL: 'https://shop.example.com' });
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (url: string, payload: unknown) => api.request({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object });
  const mailsTo = (address: string) =>
    db.query(`SELECT subject, text_body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY created_at`, [address]) as Promise<
      { subject: string; text_body: string }[]
    >;
  const resetLink = async (address: string) => {
    const mails = await mailsTo(address);
    const match = /https:\/\/shop\.example\.com\/user\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.text_body);
    if (!match) throw new Error('no reset link in the last mail');
    return match[1]!;
  };

  it('mails the username, and answers the same for an unknown address without mailing anyone', async () => {
    const known = await post('user/request/username', { email: owner.user.email.toUpperCase() });
    const unknown = await post('user/request/username', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mails = await mailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(owner.user.username);
    expect(await mailsTo('nobody@example.com')).toEqual([]);
    expect((await post('user/request/username', { email: 'not an address' })).statusCode).toBe(400);
  });

  it('resets a password with a one-hour, single-use link that ends every session', async () => {
    const other = await signIn(api, owner.user.username);
    const asked = await post('user/request/password-reset', { email: owner.user.email });
    const unknown = await post('user/request/password-reset', { email: 'ghost@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(unknown.json()).toEqual(asked.json());
    const token = await resetLink(owner.user.email);
    const [stored] = await db.query(`SELECT expires_at - created_at AS valid_for FROM password_reset_tokens ORDER BY created_at DESC LIMIT 1`);
    expect(stored.valid_for).toMatchObject({ hours: 1 });

    const verified = await api.request({ method: 'GET', url: '/api/v1/verify-token', query: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ valid: true, username: owner.user.username });

    const weak = await post('user/password-reset', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.password).toBeDefined();

    const reset = await post('user/password-reset', { token, password: 'a fresh new password' });
    expect(reset.statusCode).toBe(200);
    expect((await other.get('user/details')).statusCode).toBe(401);
    await expect(signIn(api, owner.user.username)).rejects.toThrow(/401/);
    await signIn(api, owner.user.username, 'a fresh new password');

    const again = await post('user/password-reset', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired. Ask for a new one.');
    expect((await api.request({ method: 'GET', url: '/api/v1/verify-token', query: { token } })).statusCode).toBe(400);
  });

  it('refuses an expired link, and a newer link replaces an older one', async () => {
    await post('user/request/password-reset', { email: owner.user.email });
    const older = await resetLink(owner.user.email);
    await post('user/request/password-reset', { email: owner.user.email });
    const newer = await resetLink(owner.user.email);
    expect((await post('user/password-reset', { token: older, password: 'older link password' })).statusCode).toBe(400);
    await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await post('user/password-reset', { token: newer, password: 'newer link password' })).statusCode).toBe(400);
    await signIn(api, owner.user.username, 'a fresh new password');
  });

  it('limits requests per address: 429 with a message, registered or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post('user/request/password-reset', { email: 'limit@example.com' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    const refused = await post('user/request/username', { email: 'limit@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests for this address\. Try again in/);
  });
});
