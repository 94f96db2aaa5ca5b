import { DataSource } from 'typeorm';
import { ManagedUserResponseSchema, ROLE_PRESETS, UserListResponseSchema, type RolePreset } from '@stockbook/contracts';
import { addStaff, countRows, registerBusiness, signIn, unique, PASSWORD, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('user admin: staff, locks and permissions (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi();
    db = api.api.app.get(DataSource);
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const newStaff = (overrides: Record<string, unknown> = {}) => {
    const suffix = unique();
    return { firstName: 'Kamal', lastName: 'Fernando', username: `kamal_${suffix}`, email: `kamal.${suffix}@example.com`, password: PASSWORD, ...overrides };
  };

  describe('user/admin/users', () => {
    it('creates a staff user with permissions, lists them, and records the activity', async () => {
      const before = await countRows(db, `SELECT 1 FROM activities WHERE business_id = $1 AND entity = 'User'`, [owner.user.businessId]);
      const created = await owner.post('user/admin/users', {
        ...newStaff(),
        permissions: [{ action: ['view:item', 'create:batch'], locations: [owner.locationId] }],
      });
      expect(created.statusCode).toBe(201);
      const { user } = ManagedUserResponseSchema.parse(created.json());
      expect(user).toMatchObject({ rootUser: false, userAdmin: false, locked: false });
      expect(user.permissions).toEqual([{ action: ['view:item', 'create:batch'], locations: [owner.locationId] }]);

      const list = UserListResponseSchema.parse((await owner.get('user/admin/users')).json());
      expect(list.users.map((u) => u._id)).toEqual(expect.arrayContaining([owner.user._id, user._id]));
      expect(JSON.stringify(list)).not.toMatch(/password/i);
      const after = await countRows(db, `SELECT 1 FROM activities WHERE business_id = $1 AND entity = 'User'`, [owner.user.businessId]);
      expect(after).toBe(before + 1);
    });

    it('answers 409 on the field for a taken username or e-mail, and 400 with field errors for bad input', async () => {
      const taken = await owner.post('user/admin/users', newStaff({ username: owner.user.username.toUpperCase() }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fieldErrors.username).toEqual(['That username is taken. Choose another.']);
      const takenEmail = await owner.post('user/admin/users', newStaff({ email: owner.user.email }));
      expect(takenEmail.statusCode).toBe(409);
      expect(takenEmail.json().fieldErrors.email).toBeDefined();

      const bad = await owner.post('user/admin/users', {
        ...newStaff({ password: 'short', email: 'nope' }),
        permissions: [{ action: ['fly:plane'], locations: [] }],
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['password', 'email', 'permissions.0.action.0']));
    });

    it('refuses permissions naming another business\'s location', async () => {
      const other = await registerBusiness(api);
      const response = await owner.post('user/admin/users', {
        ...newStaff(),
        permissions: [{ action: ['view:item'], locations: [other.locationId] }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors['permissions.0.locations']).toEqual(['Choose locations of your business.']);
    });

    it('is for root users and user admins only: 401 without a session, 403 for staff', async () => {
      const staff = await addStaff(api, owner, [{ action: ['view:item'], locations: [] }]);
      expect((await api.request({ method: 'GET', url: '/api/v1/user/admin/users' })).statusCode).toBe(401);
      for (const call of [
        staff.get('user/admin/users'),
        staff.post('user/admin/users', newStaff()),
        staff.patch('user/admin/update', { userId: owner.user._id, firstName: 'X' }),
        staff.post('user/admin/lock', { userId: owner.user._id, locked: true }),
        staff.post('user/admin/permissions', { userId: staff.user._id, permissions: [] }),
      ]) {
        const response = await call;
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('Only the business owner and user admins can do this.');
      }
      const admin = await addStaff(api, owner, [], true);
      expect((await admin.get('user/admin/users')).statusCode).toBe(200);
    });
  });

  describe('user/admin/update', () => {
    it('edits a staff user; a new password ends their sessions', async () => {
      const staff = await addStaff(api, owner);
      const response = await owner.patch('user/admin/update', { userId: staff.user._id, firstName: 'Sunil', password: 'a brand new secret' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.firstName).toBe('Sunil');
      expect((await staff.get('user/details')).statusCode).toBe(401);
      await expect(signIn(api, staff.user.username)).rejects.toThrow(/401/);
      await signIn(api, staff.user.username, 'a brand new secret');
    });

    it('keeps the owner an administrator, and the owner\'s account the owner\'s', async () => {
      const admin = await addStaff(api, owner, [], true);
      const demote = await owner.patch('user/admin/update', { userId: owner.user._id, userAdmin: false });
      expect(demote.statusCode).toBe(400);
      const byAdmin = await admin.patch('user/admin/update', { userId: owner.user._id, firstName: 'Hacked' });
      expect(byAdmin.statusCode).toBe(403);
      const [row] = await db.query(`SELECT first_name, user_admin FROM users WHERE id = $1`, [owner.user._id]);
      expect(row).toEqual({ first_name: 'Amal', user_admin: true });
    });
  });

  describe('user/admin/lock', () => {
    it('locks: open sessions end at once and sign-in is refused; unlocking lets them back', async () => {
      const staff = await addStaff(api, owner);
      const locked = await owner.post('user/admin/lock', { userId: staff.user._id, locked: true });
      expect(locked.statusCode).toBe(200);
      expect(locked.json().user.locked).toBe(true);
      expect((await staff.get('user/details')).statusCode).toBe(401);
      const [session] = await db.query(`SELECT end_reason FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [staff.user._id]);
      expect(session.end_reason).toBe('locked');
      await expect(signIn(api, staff.user.username)).rejects.toThrow(/403/);

      expect((await owner.post('user/admin/lock', { userId: staff.user._id, locked: false })).json().user.locked).toBe(false);
      await signIn(api, staff.user.username);
    });

    it('refuses to lock oneself or the owner', async () => {
      const admin = await addStaff(api, owner, [], true);
      expect((await admin.post('user/admin/lock', { userId: admin.user._id, locked: true })).statusCode).toBe(400);
      expect((await admin.post('user/admin/lock', { userId: owner.user._id, locked: true })).statusCode).toBe(403);
      expect((await owner.get('user/details')).statusCode).toBe(200);
    });
  });

  describe('user/admin/permissions', () => {
    it('replaces the entries, and the API enforces them at once', async () => {
      const staff = await addStaff(api, owner);
      expect((await staff.post('user/location', { name: `Kiosk ${unique()}` })).statusCode).toBe(403);
      const set = await owner.post('user/admin/permissions', {
        userId: staff.user._id,
        permissions: [{ action: ['create:location', 'view:location'], locations: [] }],
      });
      expect(set.statusCode).toBe(200);
      expect((await staff.post('user/location', { name: `Kiosk ${unique()}` })).statusCode).toBe(201);
      expect((await staff.get('user/details')).json().user.permissions).toEqual([
        { action: ['create:location', 'view:location'], locations: [] },
      ]);
    });
  });

  describe('role presets (issue 24)', () => {
    // What each preset's summary promises, held against the API's own permission checks at the
    // location the role was given (the screen's Role choice sends exactly these entries).
    const staffAs = (key: RolePreset['key']) =>
      addStaff(api, owner, [{ action: [...ROLE_PRESETS.find((preset) => preset.key === key)!.actions], locations: [owner.locationId] }]);
    const item = async () => {
      const id = (await owner.post('user/inventory/add/simple/item', { itemName: `Tea ${unique()}`, price: '10' })).json().item._id as string;
      await owner.post('user/inventory/add/batch', { itemID: id, locationID: owner.locationId, quantity: '10', cost: '4' });
      return id;
    };
    const sale = (caller: Caller, itemID: string) => caller.post('user/invoice', { locationID: owner.locationId, items: [{ itemID, quantity: '1' }], paymentMethod: 'Cash' });

    it('a cashier sells and adds customers, and is refused refunds, reports, items and expenses', async () => {
      const cashier = await staffAs('cashier');
      const sold = await sale(cashier, await item());
      expect(sold.statusCode).toBe(201);
      expect((await cashier.post('user/customer', { firstName: `Nimal ${unique()}` })).statusCode).toBe(201);
      const invoice = sold.json().invoice;
      expect((await cashier.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] })).statusCode).toBe(403);
      expect((await cashier.get('user/report/profit-loss')).statusCode).toBe(403);
      expect((await cashier.post('user/inventory/add/simple/item', { itemName: `Cake ${unique()}`, price: '3' })).statusCode).toBe(403);
      expect((await cashier.post('user/expense', { locationID: owner.locationId, amount: '5', category: 'Other' })).statusCode).toBe(403);
    });

    it('a shift manager also refunds and books expenses, and still reads no reports', async () => {
      const manager = await staffAs('shift-manager');
      const invoice = (await sale(manager, await item())).json().invoice;
      expect((await manager.post('user/invoice/refund', { invoiceID: invoice._id, items: [{ lineID: invoice.items[0]._id, quantity: '1' }] })).statusCode).toBe(201);
      expect((await manager.post('user/expense', { locationID: owner.locationId, amount: '5', category: 'Other' })).statusCode).toBe(201);
      expect((await manager.get('user/report/profit-loss')).statusCode).toBe(403);
    });

    it('a stock keeper adds items and receives stock, and may not sell', async () => {
      const keeper = await staffAs('stock-keeper');
      const added = await keeper.post('user/inventory/add/simple/item', { itemName: `Cake ${unique()}`, price: '3' });
      expect(added.statusCode).toBe(201);
      const itemID = added.json().item._id;
      expect((await keeper.post('user/inventory/add/batch', { itemID, locationID: owner.locationId, quantity: '5', cost: '1' })).statusCode).toBe(201);
      expect((await sale(keeper, itemID)).statusCode).toBe(403);
      expect((await keeper.get('user/report/profit-loss')).statusCode).toBe(403);
    });

    it('an accountant reads the reports and books expenses, and may not sell', async () => {
      const accountant = await staffAs('accountant');
      expect((await accountant.get('user/report/profit-loss')).statusCode).toBe(200);
      expect((await accountant.post('user/expense', { locationID: owner.locationId, amount: '5', category: 'Other' })).statusCode).toBe(201);
      expect((await sale(accountant, await item())).statusCode).toBe(403);
    });
  });

  describe('tenant isolation', () => {
    it('another business\'s admin gets 404 for every user id of this one, and changes nothing', async () => {
      const staff = await addStaff(api, owner);
      const stranger = await registerBusiness(api);
      for (const userId of [owner.user._id, staff.user._id]) {
        for (const response of [
          await stranger.patch('user/admin/update', { userId, firstName: 'Stolen' }),
          await stranger.post('user/admin/lock', { userId, locked: true }),
          await stranger.post('user/admin/permissions', { userId, permissions: [] }),
          await stranger.post('user/message', { to: userId, body: 'hello' }),
        ]) {
          expect(response.statusCode).toBe(404);
        }
      }
      const theirList = UserListResponseSchema.parse((await stranger.get('user/admin/users')).json());
      expect(theirList.users.map((u) => u._id)).toEqual([stranger.user._id]);
      expect((await staff.get('user/details')).statusCode).toBe(200);
      const [row] = await db.query(`SELECT first_name, locked_at FROM users WHERE id = $1`, [staff.user._id]);
      expect(row).toEqual({ first_name: 'Nimal', locked_at: null });
    });
  });
});
