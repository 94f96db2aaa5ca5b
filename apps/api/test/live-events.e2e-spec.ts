import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { addStaff, registerBusiness, signIn, type Caller } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/** An open user/sse stream read as text, frame by frame. */
class EventStream {
  private text = '';
  private done = false;
  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  static async open(baseUrl: string, cookie: string): Promise<EventStream> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/v1/user/sse`, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = new EventStream(response.body!.getReader(), abort);
    await stream.waitFor(': connected');
    return stream;
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted
    }
    this.done = true;
  }

  get received(): string {
    return this.text;
  }

  get ended(): boolean {
    return this.done;
  }

  async waitFor(fragment: string, timeoutMs = 5000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.text.includes(fragment)) {
      if (Date.now() > until) throw new Error(`no "${fragment}" within ${timeoutMs} ms; got:\n${this.text}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async waitForEnd(timeoutMs = 5000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.done) {
      if (Date.now() > until) throw new Error('the stream stayed open');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  close(): void {
    this.abort.abort();
  }
}

const HEARTBEAT_MS = 200;

describe('live events through PostgreSQL LISTEN/NOTIFY, across API processes', () => {
  let first: TestApi;
  let second: TestApi;
  let secondUrl: string;
  let databaseUrl: string;
  let owner: Caller & { locationId: string };
  const streams: EventStream[] = [];

  beforeAll(async () => {
    const a = await startTestApi();
    first = a;
    databaseUrl = a.databaseUrl;
    // The streams are read from this one; a short heartbeat so its test need not wait 10 s
    // (the default is held to the contract's HEARTBEAT_SECONDS by app-config.spec.ts).
    second = await startTestApi({ LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) }, { databaseUrl: a.databaseUrl });
    await second.api.app.listen(0, '127.0.0.1');
    secondUrl = `http://127.0.0.1:${(second.api.app.getHttpServer().address() as AddressInfo).port}`;
    owner = await registerBusiness(first);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const open = async (caller: Caller) => {
    const stream = await EventStream.open(secondUrl, caller.cookie);
    streams.push(stream);
    return stream;
  };

  it('needs a session', async () => {
    const response = await fetch(`${secondUrl}/api/v1/user/sse`);
    expect(response.status).toBe(401);
  });

  it('a permissions change on one process reaches the user\'s stream on the other as invalidate ["user"]', async () => {
    const staff = await addStaff(first, owner);
    const stream = await open(staff);
    await owner.post('user/admin/permissions', { userId: staff.user._id, permissions: [{ action: ['view:item'], locations: [] }] });
    await stream.waitFor('event: invalidate\ndata: ["user"]\n\n');
  });

  it('business-wide changes reach everyone of that business, and no one else', async () => {
    const staff = await addStaff(first, owner);
    const stranger = await registerBusiness(first);
    const mine = await open(staff);
    const theirs = await open(stranger);
    await owner.post('user/location', { name: 'Night Market' });
    // Every write records activity, so the log reloads too (the contracts' dependency map).
    await mine.waitFor('event: invalidate\ndata: ["locations","activity"]\n\n');
    await owner.patch('user/business', { contactNumber: '011 000 1111' });
    await mine.waitFor('data: ["business","activity"]');
    expect(theirs.received).not.toContain('event: invalidate');
  });

  it('locking a user sends logout "locked" to their open streams, which then close', async () => {
    const staff = await addStaff(first, owner);
    const stream = await open(staff);
    await owner.post('user/admin/lock', { userId: staff.user._id, locked: true });
    await stream.waitFor('event: logout\ndata: locked\n\n');
    await stream.waitForEnd();
  });

  it('signing in elsewhere sends logout "signed-in" to the earlier session only', async () => {
    const staff = await addStaff(first, owner);
    const stream = await open(staff);
    const later = await signIn(first, staff.user.username);
    await stream.waitFor('event: logout\ndata: signed-in\n\n');
    await stream.waitForEnd();
    const laterStream = await open(later);
    // A fence instead of a wait: events reach a stream in commit order, so a logout meant for
    // this session would arrive before the invalidate of a later permissions change.
    await owner.post('user/admin/permissions', { userId: staff.user._id, permissions: [{ action: ['view:item'], locations: [] }] });
    await laterStream.waitFor('event: invalidate\ndata: ["user"]\n\n');
    expect(laterStream.received).not.toContain('event: logout');
  });

  it('a new message reaches only its recipient, and the sender\'s Sent list', async () => {
    const staff = await addStaff(first, owner);
    const bystander = await addStaff(first, owner);
    const theirs = await open(staff);
    const notTheirs = await open(bystander);
    const sender = await open(owner);
    await owner.post('user/message', { to: staff.user._id, body: 'Please restock the shelves.' });
    await theirs.waitFor('data: ["messages"]');
    await sender.waitFor('data: ["messages"]');

    // The recipient reading it reloads the sender's Sent list (it shows whether it was read).
    const senderLater = await open(owner);
    const inbox = (await staff.get('user/message')).json() as { messages: { _id: string }[] };
    await staff.post('user/message/read', { ids: inbox.messages.map((m) => m._id) });
    await senderLater.waitFor('data: ["messages"]');
    // A later business-wide change is the fence: anything sent to the bystander before it arrives first.
    await owner.patch('user/business', { contactNumber: '011 000 2222' });
    await notTheirs.waitFor('data: ["business","activity"]');
    expect(notTheirs.received).not.toContain('["messages"]');
  });

  it('sends a heartbeat every LIVE_HEARTBEAT_MS', async () => {
    const stream = await open(owner);
    await stream.waitFor(': heartbeat\n\n');
  });

  it("sends the events of writes that commit together, in several businesses, as one statement of NOTIFYs after their commits: each business hears its own kinds, merged", async () => {
    // A third process whose writes wait 300 ms to go out together (5 ms by default), so the three writes below surely meet.
    const batcher = await startTestApi({ LIVE_COALESCE_MS: '300' }, { databaseUrl });
    const sent: string[] = [];
    const original = Client.prototype.query as unknown as (...args: unknown[]) => unknown;
    const query = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      sent.push(typeof first === 'string' ? first : first.text);
      return original.apply(this, args) as never;
    });
    try {
      const a = await registerBusiness(batcher);
      const b = await registerBusiness(batcher);
      const [mine, theirs] = [await open(a), await open(b)];
      const invalidations = (stream: EventStream) => [...stream.received.matchAll(/event: invalidate\ndata: (.*)\n\n/g)].map(([, data]) => (JSON.parse(data) as string[]).sort());
      // Writes made after registering: what they send is counted from here.
      await new Promise((resolve) => setTimeout(resolve, 400));
      sent.length = 0;
      const answers = await Promise.all([
        a.post('user/location', { name: 'Night Market' }),
        a.patch('user/business', { contactNumber: '011 000 2222' }),
        b.post('user/location', { name: 'Harbour' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 201]);
      await mine.waitFor('event: invalidate');
      await theirs.waitFor('event: invalidate');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(invalidations(mine)).toEqual([['activity', 'business', 'locations']]);
      expect(invalidations(theirs)).toEqual([['activity', 'locations']]);
      expect(sent.filter((text) => text.includes('pg_notify'))).toEqual(['SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload']);
    } finally {
      query.mockRestore();
      await batcher.close();
    }
  });
});

describe('live streams are capped per session and per address (issue 23, rule 3)', () => {
  let api: TestApi;
  let url: string;

  beforeAll(async () => {
    api = await startTestApi({ LIVE_STREAMS_PER_SESSION: '2', LIVE_STREAMS_PER_ADDRESS: '3' });
    await api.api.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(api.api.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('refuses a session its third stream and an address its fourth, with 429 and what to do; a closed stream frees its place', async () => {
    const owner = await registerBusiness(api);
    const other = await addStaff(api, owner, []);
    const third = await addStaff(api, owner, []);
    const open = (cookie: string) => fetch(`${url}/api/v1/user/sse`, { headers: { cookie, accept: 'text/event-stream' } });
    const mine = [await EventStream.open(url, owner.cookie), await EventStream.open(url, owner.cookie)];
    const refused = await open(owner.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe('This session already has 2 live update streams open: close a tab or two.');
    const theirs = await EventStream.open(url, other.cookie);
    const crowded = await open(third.cookie);
    expect(crowded.status).toBe(429);
    expect(((await crowded.json()) as { message: string }).message).toBe('Too many live update streams from your network. Try again in a minute.');
    // A closed stream gives its place back.
    mine[0]!.close();
    await mine[0]!.waitForEnd();
    let again: EventStream | undefined;
    for (let i = 0; i < 40 && !again; i++) {
      again = await EventStream.open(url, third.cookie).catch(() => undefined);
      if (!again) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again).toBeDefined();
    for (const stream of [mine[1]!, theirs, again!]) stream.close();
  });
});
