import { DataSource } from 'typeorm';
import {
  InvitationListResponseSchema,
  InvitationResponseSchema,
  ROLE_PRESETS,
  UserDetailsResponseSchema,
  VerifyInvitationResponseSchema,
} from '@stockbook/contracts';
import { addStaff, callerFor, countRows, registerBusiness, sessionCookie, signIn, unique, PASSWORD, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

const cashier = ROLE_PRESETS.find((preset) => preset.key === 'cashier')!;

describe('staff invitations by e-mail (real PostgreSQL, mail to the outbox)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi({ PUBLIC_URL: 'https://shop.example.com' });
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const post = (url: string, payload: unknown) => api.request({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object });
  const verify = (token: string) => api.request({ method: 'GET', url: '/api/v1/verify-invitation', query: { token } });
  const mailsTo = (address: string) =>
    db.query(`SELECT subject, text_body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY created_at, id`, [address]) as Promise<
      { subject: string; text_body: string }[]
    >;
  const linkIn = (text: string) => {
    const match = /https:\/\/shop\.example\.com\/user\/invitation\?token=([A-Za-z0-9_-]{43})/.exec(text);
    if (!match) throw new Error(`no invitation link in: ${text}`);
    return match[1]!;
  };
  const lastLink = async (address: string) => linkIn((await mailsTo(address)).at(-1)!.text_body);
  const invite = async (admin: Caller, overrides: Record<string, unknown> = {}) => {
    const email = `ann.${unique()}@example.com`;
    const response = await admin.post('user/admin/invitations', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      permissions: [{ action: [...cashier.actions], locations: [owner.locationId] }],
      ...overrides,
    });
    expect(response.statusCode).toBe(201);
    return { email, invitation: InvitationResponseSchema.parse(response.json()).invitation };
  };
  const accept = (token: string, username = `ann_${unique()}`, password = PASSWORD) => post('user/invitation/accept', { token, username, password });

  it('e-mails a single-use link; the invited person chooses a username and password, joins with the role, and is signed in', async () => {
    const { email, invitation } = await invite(owner);
    expect(invitation).toMatchObject({ email, firstName: 'Ann', status: 'pending', userAdmin: false, invitedBy: 'Amal Perera' });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/^Amal Perera invited you to Shop \w+ on Stockbook$/);
    expect(mail!.text_body).toContain('as a Cashier');
    expect(mail!.text_body).toContain('within 7 days');
    const token = linkIn(mail!.text_body);
    // Only the token's hash is kept.
    expect(await countRows(db, `SELECT 1 FROM staff_invitations WHERE token_hash = convert_to($1, 'UTF8')`, [token])).toBe(0);
    expect(await countRows(db, `SELECT 1 FROM staff_invitations WHERE token_hash = sha256(convert_to($1, 'UTF8'))`, [token])).toBe(1);

    const checked = await verify(token);
    expect(checked.statusCode).toBe(200);
    expect(VerifyInvitationResponseSchema.parse(checked.json())).toMatchObject({ email, firstName: 'Ann', lastName: 'Lee' });

    const username = `ann_${unique()}`;
    const joined = await accept(token, username);
    expect(joined.statusCode).toBe(200);
    const { user } = UserDetailsResponseSchema.parse(joined.json());
    expect(user).toMatchObject({ username, email, businessId: owner.user.businessId, userAdmin: false, rootUser: false });
    expect(user.permissions).toEqual([{ action: [...cashier.actions], locations: [owner.locationId] }]);
    // Signed in: the cookie works, and the permissions hold on the server.
    const ann = callerFor(api, user, sessionCookie(joined));
    expect((await ann.get('user/details')).statusCode).toBe(200);
    expect((await ann.get('user/report/profit-loss')).statusCode).toBe(403);
    // And they can sign in again with what they chose.
    await signIn(api, username);

    // Used up: the link no longer works, and the invitation leaves the list.
    expect((await verify(token)).json()).toMatchObject({ code: 'INVALID_INVITATION' });
    expect((await accept(token)).statusCode).toBe(400);
    const list = InvitationListResponseSchema.parse((await owner.get('user/admin/invitations')).json());
    expect(list.invitations.map((open) => open._id)).not.toContain(invitation._id);
    const log = (await owner.get('user/activity', { limit: '5' })).json().data.map((entry: { description: string }) => entry.description);
    expect(log).toEqual(expect.arrayContaining([expect.stringContaining('accepted the invitation and joined as a Cashier'), expect.stringContaining(`Invited Ann Lee (${email}) as a Cashier`)]));
  });

  it('accepts once when two people race the same link', async () => {
    const { email } = await invite(owner);
    const token = await lastLink(email);
    const answers = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await countRows(db, `SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email])).toBe(1);
  });

  it('refuses an expired link, and resending gives a new link for 7 more days while the old one stops working', async () => {
    const { email, invitation } = await invite(owner);
    const first = await lastLink(email);
    await db.query(`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [invitation._id]);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await accept(first)).json()).toMatchObject({ code: 'INVALID_INVITATION', fieldErrors: { token: [expect.stringContaining('Ask your administrator')] } });
    const listed = InvitationListResponseSchema.parse((await owner.get('user/admin/invitations')).json()).invitations.find((open) => open._id === invitation._id);
    expect(listed?.status).toBe('expired');

    const resent = await owner.post('user/admin/invitations/resend', { invitationId: invitation._id });
    expect(resent.statusCode).toBe(200);
    expect(InvitationResponseSchema.parse(resent.json()).invitation.status).toBe('pending');
    const second = await lastLink(email);
    expect(second).not.toBe(first);
    expect((await mailsTo(email)).length).toBe(2);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('revoking ends the link at once and lets the address be invited again', async () => {
    const { email, invitation } = await invite(owner);
    const token = await lastLink(email);
    const again = await owner.post('user/admin/invitations', { firstName: 'Ann', lastName: 'Lee', email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_INVITED', fieldErrors: { email: [expect.stringContaining('Resend it')] } });

    const revoked = await owner.post('user/admin/invitations/revoke', { invitationId: invitation._id });
    expect(revoked.statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(400);
    expect((await accept(token)).statusCode).toBe(400);
    expect((await owner.post('user/admin/invitations/revoke', { invitationId: invitation._id })).statusCode).toBe(404);
    expect((await owner.post('user/admin/invitations/resend', { invitationId: invitation._id })).statusCode).toBe(404);
    await invite(owner, { email });
  });

  it('refuses an address that has an account, a taken username at acceptance (nothing written), bad input, and non-administrators', async () => {
    const taken = await owner.post('user/admin/invitations', { firstName: 'A', lastName: 'B', email: owner.user.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');

    const { email } = await invite(owner);
    const token = await lastLink(email);
    const clash = await accept(token, owner.user.username);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors.username).toEqual(['That username is taken. Choose another.']);
    expect(await countRows(db, `SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email])).toBe(0);
    // The link still works after a refused try.
    expect((await accept(token)).statusCode).toBe(200);

    const bad = await owner.post('user/admin/invitations', { firstName: '', lastName: 'B', email: 'nope', permissions: [{ action: ['fly:plane'], locations: [] }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['firstName', 'email', 'permissions.0.action.0']));
    expect((await post('user/invitation/accept', { token: 'short', username: 'x', password: 'y' })).statusCode).toBe(400);

    const staff = await addStaff(api, owner, [{ action: [...cashier.actions], locations: [] }]);
    expect((await staff.post('user/admin/invitations', { firstName: 'A', lastName: 'B', email: `x.${unique()}@example.com` })).statusCode).toBe(403);
    expect((await staff.get('user/admin/invitations')).statusCode).toBe(403);
    expect((await post('user/admin/invitations', { firstName: 'A', lastName: 'B', email: `x.${unique()}@example.com` })).statusCode).toBe(401);
  });

  it("keeps each business's invitations to itself", async () => {
    const other = await registerBusiness(api);
    const { invitation } = await invite(owner);
    expect((await other.post('user/admin/invitations/revoke', { invitationId: invitation._id })).statusCode).toBe(404);
    expect((await other.post('user/admin/invitations/resend', { invitationId: invitation._id })).statusCode).toBe(404);
    const theirs = InvitationListResponseSchema.parse((await other.get('user/admin/invitations')).json());
    expect(theirs.invitations).toEqual([]);
    // Permissions may only name the inviting business's locations.
    const foreign = await other.post('user/admin/invitations', {
      firstName: 'A',
      lastName: 'B',
      email: `x.${unique()}@example.com`,
      permissions: [{ action: ['view:item'], locations: [owner.locationId] }],
    });
    expect(foreign.statusCode).toBe(400);
  });
});
