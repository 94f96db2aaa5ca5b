import type { LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { addStaff, registerBusiness, type Caller } from './support/accounts';
import { listenToLive, nextInvalidate, type Heard } from './support/live-channel';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Expenses, the money book's reads, capital and withdrawals against real PostgreSQL (issue 15,
 * rules 3, 4, 5 and 7): each path's success, 401, 403, 400 with field errors, 404 for another
 * business's ids, the 409s; the running balance under 20 concurrent expenses and sales; and the
 * append-only transactions.
 */
describe('expenses and the ledger (real PostgreSQL)', () => {
  let api: TestApi & { databaseUrl: string };
  let db: DataSource;
  let heard: Heard[] = [];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
    const live = await listenToLive(api.databaseUrl);
    heard = live.heard;
    stopListening = live.close;
  });
  afterAll(async () => {
    await stopListening?.();
    await api?.close();
  });

  type Owner = Caller & { locationId: string };
  const send = (caller: Caller | null, method: 'GET' | 'POST', path: string, payload?: unknown, query?: Record<string, string | string[]>) =>
    api.request({ method, url: `/api/v1/${path}`, query, payload: payload as object | undefined, headers: caller ? { cookie: caller.cookie } : {} });
  const balanceOf = async (locationId: string) =>
    (await db.query(`SELECT current_balance::text AS current FROM locations WHERE id = $1`, [locationId]))[0].current as string;
  const transactionsOf = async (locationId: string) =>
    (await db.query(
      `SELECT id, transaction_type AS type, amount::text, balance::text, expense_id, reverses_id FROM transactions WHERE location_id = $1 ORDER BY created_at, id`,
      [locationId],
    )) as { id: string; type: string; amount: string; balance: string; expense_id: string | null; reverses_id: string | null }[];
  const businessOf = async (caller: Caller) => (await db.query(`SELECT business_id FROM users WHERE id = $1`, [caller.user._id]))[0].business_id as string;
  const activityOf = async (businessId: string, entity: string) =>
    (await db.query(`SELECT action, description FROM activities WHERE business_id = $1 AND entity = $2 ORDER BY created_at`, [businessId, entity])) as {
      action: string;
      description: string;
    }[];
  const secondLocation = async (owner: Owner) => (await owner.post('user/location', { name: `Kiosk ${Math.random().toString(36).slice(2, 8)}` })).json().location._id as string;
  const expense = (caller: Caller, locationID: string, amount = '25.5', extra: Record<string, unknown> = {}) =>
    send(caller, 'POST', 'user/expense', { locationID, amount, category: 'Rent', description: 'March rent', ...extra });
  /**
   * Runs a write of `caller`'s business and answers it with the kinds its `invalidate` named. Each
   * waits for its own event, so a test running its writes through here never takes one write's
   * event for the next's.
   */
  const invalidating = async (caller: Caller, run: () => Promise<LightMyRequestResponse>) => {
    const from = heard.length;
    const response = await run();
    const event = await nextInvalidate(heard, from, caller.user.businessId, response.body);
    return { response, kinds: [...(event.message.data as string[])].sort() };
  };
  const MONEY_KINDS = ['activity', 'expenses', 'reports', 'transactions'];

  it('amounts beyond the currency\'s minor unit are refused with 400 on the amount and write nothing: an expense, capital, a withdrawal (issue 22, rule 6)', async () => {
    const owner = await registerBusiness(api, { currency: 'USD' });
    for (const [path, body] of [
      ['user/expense', { locationID: owner.locationId, amount: '1.005', category: 'Rent' }],
      ['user/admin/capital', { locationID: owner.locationId, amount: '0.0001' }],
      ['user/admin/withdrawal', { locationID: owner.locationId, amount: '0.005', allowNegativeBalance: true }],
    ] as const) {
      const refused = await send(owner, 'POST', path, body);
      expect([path, refused.statusCode, refused.json().fieldErrors]).toEqual([path, 400, { amount: ['Amount must be a number of at least 0 with at most 2 decimals.'] }]);
    }
    expect(await transactionsOf(owner.locationId)).toEqual([]);
    expect(await balanceOf(owner.locationId)).toBe('0.0000');
  });

  describe('expenses', () => {
    it('create writes an Expense transaction of minus the amount, an activity entry and an invalidate; it is listed today and readable', async () => {
      const owner = await registerBusiness(api);
      const businessId = await businessOf(owner);
      const from = heard.length;
      const created = await expense(owner, owner.locationId);
      expect(created.statusCode).toBe(201);
      const body = created.json().expense;
      expect(body).toMatchObject({
        amount: '25.5000',
        category: 'Rent',
        description: 'March rent',
        locationID: owner.locationId,
        user: { _id: owner.user._id, firstName: 'Amal', lastName: 'Perera' },
        cancelled: false,
        cancelledAt: null,
        deletedAt: null,
      });
      expect(await transactionsOf(owner.locationId)).toEqual([{ id: expect.any(String), type: 'Expense', amount: '-25.5000', balance: '-25.5000', expense_id: body._id, reverses_id: null }]);
      expect(await balanceOf(owner.locationId)).toBe('-25.5000');
      expect(await activityOf(businessId, 'Expense')).toEqual([{ action: 'Created', description: 'Added an expense of රු 25.50 (Rent) at Main store' }]);
      const event = await nextInvalidate(heard, from, businessId, 'an expense');
      expect([...(event.message.data as string[])].sort()).toEqual(['activity', 'expenses', 'reports', 'transactions']);

      const listed = await send(owner, 'GET', 'user/expense');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().expenses.map((e: { _id: string }) => e._id)).toEqual([body._id]);
      const one = await send(owner, 'GET', `user/expense/${body._id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().expense).toEqual(body);
    });

    it('lists by the expense date within the range and the locations asked', async () => {
      const owner = await registerBusiness(api);
      const other = await secondLocation(owner);
      const march = (await expense(owner, owner.locationId, '10', { date: '2026-03-10T10:00:00Z' })).json().expense;
      const april = (await expense(owner, other, '20', { date: '2026-04-10T10:00:00Z' })).json().expense;
      const ids = async (query: Record<string, string | string[]>) => (await send(owner, 'GET', 'user/expense', undefined, query)).json().expenses.map((e: { _id: string }) => e._id);
      expect(await ids({ startDate: '2026-03-01T00:00:00Z', endDate: '2026-04-30T00:00:00Z' })).toEqual([april._id, march._id]);
      expect(await ids({ startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-31T00:00:00Z' })).toEqual([march._id]);
      expect(await ids({ startDate: '2026-03-01T00:00:00Z', endDate: '2026-04-30T00:00:00Z', locations: other })).toEqual([april._id]);
      // The default range is today: neither is listed.
      expect(await ids({})).toEqual([]);
    });

    it('cancel reverses its money once and keeps it listed as cancelled; delete then takes it out without moving money again', async () => {
      const owner = await registerBusiness(api);
      const id = (await invalidating(owner, () => expense(owner, owner.locationId, '40'))).response.json().expense._id;
      const { response: cancelled, kinds: cancelKinds } = await invalidating(owner, () => send(owner, 'POST', 'user/expense/cancel', { expenseID: id }));
      expect(cancelled.statusCode).toBe(201);
      expect(cancelKinds).toEqual(MONEY_KINDS);
      expect(cancelled.json().expense).toMatchObject({ cancelled: true, cancelledAt: expect.any(String), deletedAt: null });
      const rows = await transactionsOf(owner.locationId);
      expect(rows.map((row) => [row.type, row.amount, row.balance, row.expense_id])).toEqual([
        ['Expense', '-40.0000', '-40.0000', id],
        ['Expense', '40.0000', '0.0000', id],
      ]);
      expect(rows[1]!.reverses_id).toBe(rows[0]!.id);
      expect(await balanceOf(owner.locationId)).toBe('0.0000');
      expect((await send(owner, 'GET', 'user/expense')).json().expenses).toEqual([expect.objectContaining({ _id: id, cancelled: true })]);

      const again = await send(owner, 'POST', 'user/expense/cancel', { expenseID: id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'EXPENSE_STATUS' });

      const { response: deleted, kinds: deleteKinds } = await invalidating(owner, () => send(owner, 'POST', 'user/expense/delete', { expenseID: id }));
      expect(deleted.statusCode).toBe(201);
      expect(deleteKinds).toEqual(MONEY_KINDS);
      expect(deleted.json().expense).toMatchObject({ deletedAt: expect.any(String), deletedBy: owner.user._id });
      expect(await transactionsOf(owner.locationId)).toHaveLength(2);
      expect((await send(owner, 'GET', 'user/expense')).json().expenses).toEqual([]);
      expect((await send(owner, 'POST', 'user/expense/cancel', { expenseID: id })).json()).toMatchObject({ code: 'EXPENSE_STATUS' });
      expect((await send(owner, 'POST', 'user/expense/delete', { expenseID: id })).statusCode).toBe(409);
      expect((await activityOf(await businessOf(owner), 'Expense')).map((entry) => entry.action)).toEqual(['Created', 'Updated', 'Deleted']);
    });

    it('delete of a live expense reverses its money', async () => {
      const owner = await registerBusiness(api);
      const id = (await invalidating(owner, () => expense(owner, owner.locationId, '12.34'))).response.json().expense._id;
      const deleted = await invalidating(owner, () => send(owner, 'POST', 'user/expense/delete', { expenseID: id }));
      expect([deleted.response.statusCode, deleted.kinds]).toEqual([201, MONEY_KINDS]);
      const rows = await transactionsOf(owner.locationId);
      expect(rows.map((row) => [row.amount, row.balance])).toEqual([
        ['-12.3400', '-12.3400'],
        ['12.3400', '0.0000'],
      ]);
      expect(rows[1]!.reverses_id).toBe(rows[0]!.id);
      // Still readable by id, marked deleted.
      expect((await send(owner, 'GET', `user/expense/${id}`)).json().expense.deletedAt).toEqual(expect.any(String));
    });

    it('401 without a session on every path', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, path, body] of [
        ['POST', 'user/expense', {}],
        ['GET', 'user/expense', undefined],
        ['GET', `user/expense/${id}`, undefined],
        ['POST', 'user/expense/cancel', { expenseID: id }],
        ['POST', 'user/expense/delete', { expenseID: id }],
      ] as const) {
        expect([path, (await send(null, method, path, body)).statusCode]).toEqual([path, 401]);
      }
    });

    it('403 without the action, and at a location the permission does not cover (named only when visible); lists keep to the permitted locations', async () => {
      const owner = await registerBusiness(api);
      const other = await secondLocation(owner);
      const id = (await expense(owner, other, '5')).json().expense._id;
      const viewer = await addStaff(api, owner, [{ action: ['view:expense', 'view:location'], locations: [owner.locationId] }]);
      for (const [path, body] of [
        ['user/expense', { locationID: owner.locationId, amount: '1', category: 'Other' }],
        ['user/expense/cancel', { expenseID: id }],
        ['user/expense/delete', { expenseID: id }],
      ] as const) {
        expect([path, (await send(viewer, 'POST', path, body)).statusCode]).toEqual([path, 403]);
      }
      // The list and one expense need view:expense, whatever else the caller may do with expenses.
      const writer = await addStaff(api, owner, [{ action: ['create:expense', 'cancel:expense', 'delete:expense', 'view:transaction', 'view:location'], locations: [] }]);
      const queries: Record<string, string | string[]>[] = [{}, { startDate: '2000-01-01T00:00:00Z', endDate: '2100-01-01T00:00:00Z', locations: [owner.locationId, other] }];
      for (const query of queries) {
        const refused = await send(writer, 'GET', 'user/expense', undefined, query);
        expect([refused.statusCode, refused.json()]).toEqual([403, expect.objectContaining({ code: 'FORBIDDEN', message: "You can't view expenses. Ask an administrator for access.", missingPermission: 'view:expense' })]);
      }
      expect((await send(writer, 'GET', `user/expense/${id}`)).statusCode).toBe(403);
      const here = await addStaff(api, owner, [{ action: ['create:expense', 'cancel:expense', 'view:expense'], locations: [owner.locationId] }]);
      const refused = await expense(here, other, '1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/at that location/);
      expect((await send(here, 'POST', 'user/expense/cancel', { expenseID: id })).statusCode).toBe(403);
      expect((await send(here, 'GET', `user/expense/${id}`)).statusCode).toBe(403);
      expect((await expense(here, owner.locationId, '1')).statusCode).toBe(201);
      const listed = (await send(here, 'GET', 'user/expense', undefined, { locations: [owner.locationId, other] })).json().expenses;
      expect(listed.map((e: { locationID: string }) => e.locationID)).toEqual([owner.locationId]);
      expect(await transactionsOf(other)).toHaveLength(1);
    });

    it('400 with field errors: a category not of the nine, an amount of 0 or less, bad dates, unknown fields', async () => {
      const owner = await registerBusiness(api);
      const fields = async (body: Record<string, unknown>) => {
        const answer = await send(owner, 'POST', 'user/expense', { locationID: owner.locationId, amount: '5', category: 'Rent', ...body });
        expect(answer.statusCode).toBe(400);
        return Object.keys(answer.json().fieldErrors);
      };
      expect(await fields({ category: 'Food' })).toEqual(['category']);
      expect(await fields({ category: 'rent' })).toEqual(['category']);
      expect(await fields({ amount: '0' })).toEqual(['amount']);
      expect(await fields({ amount: '-5' })).toEqual(['amount']);
      expect(await fields({ amount: '1.00001' })).toEqual(['amount']);
      expect(await fields({ date: 'yesterday' })).toEqual(['date']);
      expect(await fields({ date: '3026-01-01T00:00:00Z' })).toEqual(['date']);
      expect(await fields({ notes: 'x' })).toEqual(['notes']);
      const list = await send(owner, 'GET', 'user/expense', undefined, { startDate: 'today' });
      expect(list.statusCode).toBe(400);
      expect(Object.keys(list.json().fieldErrors)).toEqual(['startDate']);
      const backwards = await send(owner, 'GET', 'user/expense', undefined, { startDate: '2026-02-01T00:00:00Z', endDate: '2026-01-01T00:00:00Z' });
      expect(backwards.statusCode).toBe(400);
      expect(Object.keys(backwards.json().fieldErrors)).toEqual(['endDate']);
      expect((await send(owner, 'POST', 'user/expense/cancel', { expenseID: 'nope' })).json().fieldErrors).toHaveProperty('expenseID');
      expect(await transactionsOf(owner.locationId)).toEqual([]);
    });

    it("404 for another business's expense and location", async () => {
      const owner = await registerBusiness(api);
      const stranger = await registerBusiness(api);
      const id = (await expense(owner, owner.locationId, '9')).json().expense._id;
      expect((await send(stranger, 'GET', `user/expense/${id}`)).statusCode).toBe(404);
      expect((await send(stranger, 'POST', 'user/expense/cancel', { expenseID: id })).statusCode).toBe(404);
      expect((await send(stranger, 'POST', 'user/expense/delete', { expenseID: id })).statusCode).toBe(404);
      const foreign = await expense(stranger, owner.locationId, '9');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().fieldErrors).toHaveProperty('locationID');
      expect((await send(stranger, 'GET', 'user/expense', undefined, { startDate: '2000-01-01T00:00:00Z', endDate: '2100-01-01T00:00:00Z', locations: owner.locationId })).json().expenses).toEqual([]);
      expect(await transactionsOf(owner.locationId)).toHaveLength(1);
    });
  });

  describe('capital and withdrawals', () => {
    it('an administrator puts money in and takes it out: a transaction and an activity entry each', async () => {
      const owner = await registerBusiness(api);
      const businessId = await businessOf(owner);
      const { response: capital, kinds: capitalKinds } = await invalidating(owner, () =>
        send(owner, 'POST', 'user/admin/capital', { locationID: owner.locationId, amount: '100', description: 'Opening float' }),
      );
      expect(capital.statusCode).toBe(201);
      // The money book and reports change; no expense does.
      expect(capitalKinds).toEqual(['activity', 'reports', 'transactions']);
      expect(capital.json()).toMatchObject({
        transaction: { transactionType: 'Capital', amount: '100.0000', balance: '100.0000', locationID: owner.locationId, user: { _id: owner.user._id }, description: 'Opening float' },
        balance: { locationID: owner.locationId, currentBalance: '100.0000', creditBalance: '0.0000' },
      });
      const { response: withdrawal, kinds: withdrawalKinds } = await invalidating(owner, () => send(owner, 'POST', 'user/admin/withdrawal', { locationID: owner.locationId, amount: '30' }));
      expect(withdrawal.statusCode).toBe(201);
      expect(withdrawalKinds).toEqual(['activity', 'reports', 'transactions']);
      expect(withdrawal.json()).toMatchObject({ transaction: { transactionType: 'Withdrawal', amount: '-30.0000', balance: '70.0000' }, balance: { currentBalance: '70.0000' } });
      expect(await activityOf(businessId, 'Capital')).toEqual([{ action: 'Added', description: 'Put රු 100.00 of capital into Main store: Opening float' }]);
      expect(await activityOf(businessId, 'Withdrawal')).toEqual([{ action: 'Added', description: 'Withdrew රු 30.00 from Main store' }]);
      // A user admin may too.
      const admin = await addStaff(api, owner, [], true);
      expect((await send(admin, 'POST', 'user/admin/capital', { locationID: owner.locationId, amount: '1' })).statusCode).toBe(201);
    });

    it('409 INSUFFICIENT_BALANCE for a withdrawal beyond the balance unless allowed explicitly', async () => {
      const owner = await registerBusiness(api);
      await send(owner, 'POST', 'user/admin/capital', { locationID: owner.locationId, amount: '50' });
      const refused = await send(owner, 'POST', 'user/admin/withdrawal', { locationID: owner.locationId, amount: '50.01' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', fieldErrors: { amount: [expect.any(String)] } });
      expect(await transactionsOf(owner.locationId)).toHaveLength(1);
      const allowed = await send(owner, 'POST', 'user/admin/withdrawal', { locationID: owner.locationId, amount: '80', allowNegativeBalance: true });
      expect(allowed.statusCode).toBe(201);
      expect(await balanceOf(owner.locationId)).toBe('-30.0000');
    });

    it('20 concurrent withdrawals cannot spend one balance twice', async () => {
      const owner = await registerBusiness(api);
      await send(owner, 'POST', 'user/admin/capital', { locationID: owner.locationId, amount: '100' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(owner, 'POST', 'user/admin/withdrawal', { locationID: owner.locationId, amount: '60' })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
      expect(await balanceOf(owner.locationId)).toBe('40.0000');
    });

    it('401, 403 for anyone but root users and user admins, 400 with field errors, 404 for another business location', async () => {
      const owner = await registerBusiness(api);
      const stranger = await registerBusiness(api);
      const staff = await addStaff(api, owner, [{ action: ['view:transaction', 'create:expense', 'view:location'], locations: [] }]);
      for (const path of ['user/admin/capital', 'user/admin/withdrawal']) {
        expect([path, (await send(null, 'POST', path, { locationID: owner.locationId, amount: '1' })).statusCode]).toEqual([path, 401]);
        expect([path, (await send(staff, 'POST', path, { locationID: owner.locationId, amount: '1' })).statusCode]).toEqual([path, 403]);
        const zero = await send(owner, 'POST', path, { locationID: owner.locationId, amount: '0' });
        expect([path, zero.statusCode, Object.keys(zero.json().fieldErrors)]).toEqual([path, 400, ['amount']]);
        const foreign = await send(stranger, 'POST', path, { locationID: owner.locationId, amount: '1' });
        expect([path, foreign.statusCode, Object.keys(foreign.json().fieldErrors)]).toEqual([path, 404, ['locationID']]);
      }
      const flag = await send(owner, 'POST', 'user/admin/withdrawal', { locationID: owner.locationId, amount: '1', allowNegativeBalance: 'yes' });
      expect(Object.keys(flag.json().fieldErrors)).toEqual(['allowNegativeBalance']);
      expect(await transactionsOf(owner.locationId)).toEqual([]);
    });
  });

  describe('transactions', () => {
    it('latest, paginated and dated: newest first, type filter, the balances of the locations shown', async () => {
      const owner = await registerBusiness(api);
      const other = await secondLocation(owner);
      await send(owner, 'POST', 'user/admin/capital', { locationID: owner.locationId, amount: '100' });
      await expense(owner, owner.locationId, '10');
      await send(owner, 'POST', 'user/admin/capital', { locationID: other, amount: '7' });
      const latest = await send(owner, 'GET', 'user/transaction');
      expect(latest.statusCode).toBe(200);
      expect(latest.json().transactions.map((t: { transactionType: string; amount: string; balance: string }) => [t.transactionType, t.amount, t.balance])).toEqual([
        ['Capital', '7.0000', '7.0000'],
        ['Expense', '-10.0000', '90.0000'],
        ['Capital', '100.0000', '100.0000'],
      ]);
      expect(latest.json().balances).toEqual(
        expect.arrayContaining([
          { locationID: owner.locationId, currentBalance: '90.0000', creditBalance: '0.0000' },
          { locationID: other, currentBalance: '7.0000', creditBalance: '0.0000' },
        ]),
      );
      expect((await send(owner, 'GET', 'user/transaction', undefined, { type: 'Capital', limit: '1' })).json().transactions.map((t: { amount: string }) => t.amount)).toEqual(['7.0000']);
      const page = (await send(owner, 'GET', 'user/transaction/paginated', undefined, { page: '2', limit: '2' })).json();
      expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(page.transactions.map((t: { amount: string }) => t.amount)).toEqual(['100.0000']);
      const dated = (await send(owner, 'GET', 'user/transaction/dated', undefined, { locations: other })).json();
      expect(dated.transactions.map((t: { amount: string }) => t.amount)).toEqual(['7.0000']);
      expect(dated.balances).toEqual([{ locationID: other, currentBalance: '7.0000', creditBalance: '0.0000' }]);
      const expenseRow = (await send(owner, 'GET', 'user/transaction/dated', undefined, { type: 'Expense' })).json().transactions[0];
      expect(expenseRow).toMatchObject({ expenseID: expect.any(String), invoiceID: null, transferID: null, reversesID: null, deletedAt: null });
      expect((await send(owner, 'GET', 'user/transaction/dated', undefined, { startDate: '2000-01-01T00:00:00Z', endDate: '2000-01-02T00:00:00Z' })).json().transactions).toEqual([]);
    });

    it('401, 403 without view:transaction, only the permitted locations, never another business, 400 for bad queries', async () => {
      const owner = await registerBusiness(api);
      const other = await secondLocation(owner);
      const stranger = await registerBusiness(api);
      await send(owner, 'POST', 'user/admin/capital', { locationID: owner.locationId, amount: '1' });
      await send(owner, 'POST', 'user/admin/capital', { locationID: other, amount: '2' });
      await send(stranger, 'POST', 'user/admin/capital', { locationID: stranger.locationId, amount: '3' });
      const without = await addStaff(api, owner, [{ action: ['view:expense'], locations: [] }]);
      const here = await addStaff(api, owner, [{ action: ['view:transaction'], locations: [other] }]);
      for (const path of ['user/transaction', 'user/transaction/paginated', 'user/transaction/dated']) {
        expect([path, (await send(null, 'GET', path)).statusCode]).toEqual([path, 401]);
        expect([path, (await send(without, 'GET', path)).statusCode]).toEqual([path, 403]);
        const seen = (await send(here, 'GET', path, undefined, { locations: [owner.locationId, other] })).json();
        expect([path, seen.transactions.map((t: { amount: string }) => t.amount), seen.balances.map((b: { locationID: string }) => b.locationID)]).toEqual([path, ['2.0000'], [other]]);
        const foreign = (await send(stranger, 'GET', path, undefined, { locations: owner.locationId })).json();
        expect([path, foreign.transactions, foreign.balances]).toEqual([path, [], []]);
      }
      for (const [path, query, field] of [
        ['user/transaction', { type: 'Gift' }, 'type'],
        ['user/transaction', { limit: '0' }, 'limit'],
        ['user/transaction/paginated', { page: '0' }, 'page'],
        ['user/transaction/dated', { endDate: 'soon' }, 'endDate'],
        ['user/transaction/dated', { locations: 'nope' }, 'locations.0'],
      ] as const) {
        const answer = await send(owner, 'GET', path, undefined, query);
        expect([path, answer.statusCode, Object.keys(answer.json().fieldErrors ?? {})]).toEqual([path, 400, [field]]);
      }
    });

    it('20 concurrent expenses and sales at one location leave one running balance: no two rows share a previous balance', async () => {
      const owner = await registerBusiness(api);
      const item = (await owner.post('user/inventory/add/simple/item', { itemName: 'Tea', price: '10' })).json().item;
      expect((await owner.post('user/inventory/add/batch', { itemID: item._id, locationID: owner.locationId, quantity: '100', cost: '1' })).statusCode).toBe(201);
      // Sales bring 10 each and expenses take distinct cents: every partial sum, so every previous balance, is distinct.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? send(owner, 'POST', 'user/invoice', { locationID: owner.locationId, items: [{ itemID: item._id, quantity: '1' }], paymentMethod: 'Cash' })
            : expense(owner, owner.locationId, `0.${String(i).padStart(2, '0')}`),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
      const rows = (await db.query(
        `SELECT amount, balance, lag(balance, 1, 0::numeric) OVER (ORDER BY created_at, id) AS previous FROM transactions WHERE location_id = $1`,
        [owner.locationId],
      )) as { amount: string; balance: string; previous: string }[];
      expect(rows).toHaveLength(20);
      const [check] = await db.query(
        `WITH ordered AS (
           SELECT amount, balance, lag(balance, 1, 0::numeric) OVER (ORDER BY created_at, id) AS previous FROM transactions WHERE location_id = $1)
         SELECT count(*)::int AS rows, count(*) FILTER (WHERE balance <> previous + amount)::int AS broken, count(DISTINCT previous)::int AS previous_balances,
                (SELECT sum(amount)::text FROM transactions WHERE location_id = $1) AS total,
                (SELECT current_balance::text FROM locations WHERE id = $1) AS current
           FROM ordered`,
        [owner.locationId],
      );
      expect(check).toEqual({ rows: 20, broken: 0, previous_balances: 20, total: check.current, current: '99.0000' });
    });

    it('transactions are append-only: a direct UPDATE or DELETE fails', async () => {
      const owner = await registerBusiness(api);
      await expense(owner, owner.locationId, '3');
      const [row] = await transactionsOf(owner.locationId);
      await expect(db.query(`UPDATE transactions SET amount = 0 WHERE id = $1`, [row!.id])).rejects.toThrow(/append-only/);
      await expect(db.query(`DELETE FROM transactions WHERE id = $1`, [row!.id])).rejects.toThrow(/append-only/);
      expect((await transactionsOf(owner.locationId))[0]!.amount).toBe('-3.0000');
    });
  });
});
