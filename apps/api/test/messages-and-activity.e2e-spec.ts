import { ActivityListResponseSchema, InboxResponseSchema, SentMessagesResponseSchema } from '@stockbook/contracts';
import { addStaff, registerBusiness, unique, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

describe('staff messages and the activity log (real PostgreSQL)', () => {
  let api: TestApi;
  let owner: Caller & { locationId: string };

  beforeAll(async () => {
    api = await startTestApi();
    owner = await registerBusiness(api);
  });
  afterAll(async () => {
    await api.close();
  });

  describe('user/message', () => {
    it('sends to a staff member, who sees it unread in their inbox and marks it read', async () => {
      const staff = await addStaff(api, owner);
      const sent = await owner.post('user/message', { to: staff.user._id, subject: 'Stock count', body: 'Count aisle 3 today.' });
      expect(sent.statusCode).toBe(201);
      expect(sent.json().message).toMatchObject({ subject: 'Stock count', read: false, from: { _id: owner.user._id } });

      const inbox = InboxResponseSchema.parse((await staff.get('user/message')).json());
      expect(inbox.unread).toBe(1);
      expect(inbox.messages.map((m) => m.body)).toEqual(['Count aisle 3 today.']);
      expect(InboxResponseSchema.parse((await owner.get('user/message')).json()).messages).toEqual([]);

      // Someone else's message id changes nothing.
      const intruder = await addStaff(api, owner);
      const theirs = await intruder.post('user/message/read', { ids: [inbox.messages[0]!._id] });
      expect(theirs.statusCode).toBe(200);
      expect(InboxResponseSchema.parse((await staff.get('user/message')).json()).unread).toBe(1);

      const read = InboxResponseSchema.parse((await staff.post('user/message/read', { ids: [inbox.messages[0]!._id] })).json());
      expect(read.unread).toBe(0);
      expect(read.messages[0]!.read).toBe(true);
    });

    it('lists what one sent, newest first, with the recipient and whether they have read it; only one\'s own', async () => {
      const first = await addStaff(api, owner);
      const second = await addStaff(api, owner);
      const writer = await addStaff(api, owner);
      await writer.post('user/message', { to: first.user._id, subject: 'Shelves', body: 'Restock aisle 2.' });
      await writer.post('user/message', { to: second.user._id, subject: 'Till', body: 'Count the till at six.' });
      await first.post('user/message', { to: writer.user._id, body: 'Done.' });

      const sent = SentMessagesResponseSchema.parse((await writer.get('user/message/sent')).json());
      expect(sent.messages.map((m) => [m.subject, m.recipient._id, m.read])).toEqual([
        ['Till', second.user._id, false],
        ['Shelves', first.user._id, false],
      ]);
      expect(sent.messages[0]!.recipient).toMatchObject({ firstName: second.user.firstName, username: second.user.username });
      expect(sent.messages.every((m) => m.from._id === writer.user._id)).toBe(true);

      // The recipient reading it shows in the sender's list.
      const inbox = InboxResponseSchema.parse((await first.get('user/message')).json());
      await first.post('user/message/read', { ids: inbox.messages.map((m) => m._id) });
      const after = SentMessagesResponseSchema.parse((await writer.get('user/message/sent')).json());
      expect(after.messages.find((m) => m.subject === 'Shelves')!.read).toBe(true);

      // A received message is not in one's Sent list, and nobody sees another's.
      expect(SentMessagesResponseSchema.parse((await second.get('user/message/sent')).json()).messages).toEqual([]);
      expect(SentMessagesResponseSchema.parse((await first.get('user/message/sent')).json()).messages.map((m) => m.body)).toEqual(['Done.']);
      expect((await api.request({ method: 'GET', url: '/api/v1/user/message/sent' })).statusCode).toBe(401);
    });

    it('refuses an empty message, oneself, and anyone outside the business', async () => {
      const empty = await owner.post('user/message', { to: owner.user._id, body: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fieldErrors.body).toEqual(['Write a message.']);
      const self = await owner.post('user/message', { to: owner.user._id, body: 'hi me' });
      expect(self.statusCode).toBe(400);
      expect(self.json().fieldErrors.to).toBeDefined();
      const stranger = await registerBusiness(api);
      expect((await owner.post('user/message', { to: stranger.user._id, body: 'hello' })).statusCode).toBe(404);
      expect((await api.request({ method: 'GET', url: '/api/v1/user/message' })).statusCode).toBe(401);
    });
  });

  describe('user/activity', () => {
    it('lists the newest entries first with page and limit (default 1 and 10), for holders of view:activity', async () => {
      for (let i = 0; i < 3; i += 1) await owner.post('user/location', { name: `Outlet ${unique()}` });
      const first = ActivityListResponseSchema.parse((await owner.get('user/activity')).json());
      expect(first).toMatchObject({ page: 1, limit: 10 });
      expect(first.total).toBeGreaterThanOrEqual(3);
      expect(first.data[0]).toMatchObject({ action: 'Created', entity: 'Location', user: { _id: owner.user._id } });
      const times = first.data.map((a) => a.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const second = ActivityListResponseSchema.parse((await owner.get('user/activity', { page: '2', limit: '1' })).json());
      expect(second.data[0]!._id).toBe(first.data[1]!._id);
      expect((await owner.get('user/activity', { limit: '500' })).statusCode).toBe(400);

      const staff = await addStaff(api, owner);
      expect((await staff.get('user/activity')).statusCode).toBe(403);
    });

    it('shows staff only the entries at their locations', async () => {
      const here = (await owner.post('user/location', { name: `Here ${unique()}` })).json().location._id as string;
      await owner.post('user/location', { name: `There ${unique()}` });
      const staff = await addStaff(api, owner, [{ action: ['view:activity'], locations: [here] }]);
      const seen = ActivityListResponseSchema.parse((await staff.get('user/activity', { limit: '100' })).json());
      expect(seen.data.length).toBeGreaterThan(0);
      expect(seen.data.every((entry) => entry.locationID.includes(here))).toBe(true);
    });

    it('another business sees none of it', async () => {
      const stranger = await registerBusiness(api);
      const theirs = ActivityListResponseSchema.parse((await stranger.get('user/activity', { limit: '100' })).json());
      expect(theirs.data.every((entry) => entry.user._id === stranger.user._id)).toBe(true);
    });
  });
});
