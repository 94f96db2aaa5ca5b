import { DataSource } from 'typeorm';
import type { PermissionEntryDto } from '@stockbook/contracts';
import { addStaff, unique } from './support/accounts';
import { changedTables, fingerprint } from './support/fingerprint';
import {
  describeRequest,
  envelopeProblem,
  fieldsOf,
  idKindOf,
  operationsOf,
  resolve,
  validRequest,
  type ApiRequest,
  type IdKind,
  type OpenApiDocument,
  type Operation,
} from './support/openapi-cases';
import { send, servedDocument } from './support/openapi-requests';
import { seedBusiness, type SeededBusiness } from './support/seed-business';
import { startTestApi, type TestApi } from './support/test-api';

/** Operations the sweep does not call, and why. */
const NOT_APPLICABLE: Record<string, string> = {
  'GET /api/v1/user/sse': 'an event stream that never ends with a session; it takes no id and sends only invalidations of the caller\'s own business (test/live-events.e2e-spec.ts)',
  'POST /api/v1/user/logout': "ends B's session, which the rest of the sweep uses; it takes no id",
};

/**
 * Operations where B naming A's record is a success that changes nothing and shows nothing of
 * A, and why. (Every other operation must refuse it.)
 */
const FOREIGN_ID_IS_A_NO_OP: Record<string, string> = {
  'POST /api/v1/user/message/read': "marks those of the caller's own messages among the ids read; another's message ids are ignored",
};

/**
 * Operations whose valid request with a business's own ids is refused for the state of the
 * seeded record (not its identity): the error code expected, and why.
 */
const OWN_REFUSAL: Record<string, [string, string]> = {
  'DELETE /api/v1/user/attribute/delete/{id}': ['IN_USE', "the seeded attribute's value is on the seeded variant; only the forced delete takes it off"],
  'DELETE /api/v1/user/category/delete/{id}': ['IN_USE', 'the seeded category is on the seeded items'],
};

/** Where an operation takes an id, and of what kind. */
interface IdSlot {
  where: 'path' | 'query' | 'body';
  path: (string | number)[];
  kind: IdKind;
}

function slotsOf(doc: OpenApiDocument, op: Operation): IdSlot[] {
  const slots: IdSlot[] = [];
  for (const parameter of op.pathParams) {
    const kind = idKindOf(doc, op, [parameter.name], parameter.schema);
    if (kind) slots.push({ where: 'path', path: [parameter.name], kind });
  }
  for (const parameter of op.queryParams) {
    const kind = idKindOf(doc, op, [parameter.name], parameter.schema);
    if (kind) slots.push({ where: 'query', path: [parameter.name], kind });
  }
  if (op.body) {
    for (const field of fieldsOf(doc, op.body)) {
      const kind = idKindOf(doc, op, field.path, field.schema);
      if (kind) slots.push({ where: 'body', path: field.path, kind });
    }
  }
  return slots;
}

const keyOf = (path: readonly (string | number)[]) => path.join('.');
const within = (path: readonly (string | number)[], slot: IdSlot) => keyOf(path) === keyOf(slot.path) || keyOf(path).startsWith(`${keyOf(slot.path)}.`);

/**
 * Tenant isolation, swept over the document: for every operation that takes an id (a path
 * `{id}`, or a body or query field holding ids), business B sends an otherwise valid request
 * with business A's id of the matching kind in one id field at a time (its own ids in the
 * others), and then in all of them. The answer must be a 4xx that shows nothing of A, and A's
 * rows must be unchanged. B's lists and B's own writes show nothing of A and change nothing of A.
 */
describe("tenant sweep: business B cannot read or change business A's records (real PostgreSQL)", () => {
  let api: TestApi;
  let db: DataSource;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let a: SeededBusiness;
  let b: SeededBusiness;
  const covered = { idSwept: new Set<string>(), listed: new Set<string>(), ownWrites: new Set<string>() };

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
    doc = await servedDocument(api);
    operations = operationsOf(doc);
    a = await seedBusiness(api, 'Alpha');
    b = await seedBusiness(api, 'Bravo');
  });
  afterAll(async () => {
    await api?.close();
  });

  const idOf = (business: SeededBusiness, kind: IdKind) => {
    const id = business.ids[kind];
    if (!id) throw new Error(`no seeded ${kind}: add one to support/seed-business.ts`);
    return id;
  };

  /**
   * A body that takes one of two forms keeps one: a new transfer's one itemID with its
   * transferQuantity when that is the slot swept, its lines otherwise (both at once are a 400).
   */
  const oneForm = (op: Operation, foreign: IdSlot[], request: ApiRequest): ApiRequest => {
    if (op.key !== 'POST /api/v1/user/transfer' || typeof request.body !== 'object' || request.body === null) return request;
    const body = { ...(request.body as Record<string, unknown>) };
    if (foreign.length > 0 && foreign.every((slot) => slot.path[0] === 'itemID')) {
      delete body.lines;
      body.transferQuantity = '1';
    } else {
      delete body.itemID;
      delete body.transferQuantity;
    }
    return { ...request, body };
  };

  /** A valid request from B, with A's ids in the given slots and B's in every other. */
  const requestFor = (op: Operation, slots: IdSlot[], foreign: IdSlot[], own: SeededBusiness = b): ApiRequest => {
    // Fill an optional field (or an array's first element) when it is, or holds, an id slot.
    const holdsId = (path: readonly (string | number)[]): boolean => slots.some((slot) => within(slot.path, { ...slot, path: [...path] }));
    return oneForm(
      op,
      foreign,
      validRequest(doc, op, {
        idFor: (kind, path) => (foreign.some((slot) => within(path, slot)) ? idOf(a, kind) : idOf(own, kind)),
        includeOptional: holdsId,
        unique,
      }),
    );
  };

  const leaksOf = (body: string) => a.secrets.filter((secret) => body.includes(secret));

  it('lists only operations the document has as not applicable or as no-ops', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(Object.keys(NOT_APPLICABLE).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(FOREIGN_ID_IS_A_NO_OP).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(OWN_REFUSAL).filter((key) => !keys.has(key))).toEqual([]);
  });

  /** Sends every id-taking operation with A's ids as `cookie`'s holder; the failures found. */
  const sweep = async (cookie: string, who: string): Promise<{ failures: string[]; cases: number }> => {
    const failures: string[] = [];
    let cases = 0;
    const before = await fingerprint(db, a.businessId);
    for (const op of operations) {
      if (op.key in NOT_APPLICABLE) continue;
      const slots = slotsOf(doc, op);
      if (slots.length === 0) continue;
      const trials: [string, IdSlot[]][] = slots.map((slot) => [`A's ${slot.kind} in ${slot.where} ${keyOf(slot.path)}`, [slot]]);
      if (slots.length > 1) trials.push([`A's ids in all ${slots.length} id fields`, slots]);
      for (const [label, foreign] of trials) {
        cases++;
        const request = requestFor(op, slots, foreign);
        const response = await send(api, request, cookie);
        const status = response.statusCode;
        const shown = `${op.key} [${who}]: ${label} -> ${status}\n    ${describeRequest(request)}\n    answer: ${response.body.slice(0, 400)}`;
        // A read filtered by A's id is a read of B's own records (it must show nothing of A).
        const noOp = op.key in FOREIGN_ID_IS_A_NO_OP || (op.method === 'GET' && foreign.every((slot) => slot.where === 'query'));
        if (status >= 500) failures.push(`5xx: ${shown}`);
        else if (status < 400 && !noOp) failures.push(`accepted: ${shown}`);
        else if (status >= 400 && ![400, 403, 404].includes(status)) failures.push(`not 400, 403 or 404: ${shown}`);
        if (status >= 400) {
          const problem = envelopeProblem(response.body);
          if (problem) failures.push(`not the error envelope (${problem}): ${shown}`);
        }
        const leaks = leaksOf(response.body);
        if (leaks.length > 0) failures.push(`shows A's ${leaks.join(', ')}: ${shown}`);
        const after = await fingerprint(db, a.businessId);
        const changed = changedTables(before, after);
        if (changed.length > 0) {
          failures.push(`changed A's ${changed.join(', ')}: ${shown}`);
          Object.assign(before, after);
        }
      }
      covered.idSwept.add(op.key);
    }
    return { failures, cases };
  };

  it("refuses B's owner every operation on A's ids, showing nothing of A and changing nothing of A", async () => {
    const { failures, cases } = await sweep(b.owner.cookie, "B's owner");
    console.log(`tenant sweep: ${covered.idSwept.size} operations take ids, ${cases} requests with A's ids`);
    expect(failures).toEqual([]);
  }, 120_000);

  it("refuses B's staff, holding every permission at B's location, the same", async () => {
    // A caller limited to locations takes the location-scoped permission checks instead.
    const actions = resolve(doc, { $ref: '#/components/schemas/PermissionAction' }).enum as string[];
    const staff = await addStaff(api, b.owner, [{ action: actions, locations: [b.ids.location!] }] as PermissionEntryDto[]);
    const { failures, cases } = await sweep(staff.cookie, "B's staff");
    console.log(`tenant sweep: ${cases} requests with A's ids as B's staff`);
    expect(failures).toEqual([]);
  }, 120_000);

  it("shows B nothing of A in any list or read that takes no id, and B's own writes change nothing of A", async () => {
    const failures: string[] = [];
    const before = await fingerprint(db, a.businessId);
    // Reads first, then writes (a write may change what a read would show of B).
    const rest = operations.filter((op) => !(op.key in NOT_APPLICABLE) && slotsOf(doc, op).length === 0);
    rest.sort((x, y) => Number(x.method !== 'GET') - Number(y.method !== 'GET'));
    for (const op of rest) {
      const request = requestFor(op, [], []);
      const response = await send(api, request, op.secured ? b.owner.cookie : undefined);
      const status = response.statusCode;
      const shown = `${op.key} -> ${status}\n    ${describeRequest(request)}\n    answer: ${response.body.slice(0, 400)}`;
      if (status >= 500) failures.push(`5xx: ${shown}`);
      if (op.method === 'GET' && op.secured && status !== 200) failures.push(`a read of B's own data failed: ${shown}`);
      const leaks = leaksOf(response.body);
      if (leaks.length > 0) failures.push(`shows A's ${leaks.join(', ')}: ${shown}`);
      const after = await fingerprint(db, a.businessId);
      const changed = changedTables(before, after);
      if (changed.length > 0) {
        failures.push(`changed A's ${changed.join(', ')}: ${shown}`);
        Object.assign(before, after);
      }
      (op.method === 'GET' ? covered.listed : covered.ownWrites).add(op.key);
    }
    console.log(`tenant sweep: ${covered.listed.size} reads without ids, ${covered.ownWrites.size} writes without ids`);
    expect(failures).toEqual([]);
  }, 60_000);

  it("accepts the same requests with a business's own ids: the sweep's refusals come from A's ids, not from bad requests", async () => {
    const failures: string[] = [];
    const swept = operations.filter((op) => covered.idSwept.has(op.key));
    for (const op of swept) {
      // A fresh business each time, so no request depends on what another did.
      const own = await seedBusiness(api, 'Control');
      const request = requestFor(op, slotsOf(doc, op), [], own);
      const response = await send(api, request, own.owner.cookie);
      const refusal = OWN_REFUSAL[op.key];
      const expected = response.statusCode < 300 || (refusal !== undefined && response.json().code === refusal[0]);
      if (!expected) failures.push(`${op.key} -> ${response.statusCode}\n    ${describeRequest(request)}\n    answer: ${response.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  }, 90_000);

  it('covered every operation in the document but the listed ones', () => {
    const all = new Set([...covered.idSwept, ...covered.listed, ...covered.ownWrites]);
    expect(all.size).toBe(operations.length - Object.keys(NOT_APPLICABLE).length);
    expect(operations.filter((op) => !all.has(op.key)).map((op) => op.key).sort()).toEqual(Object.keys(NOT_APPLICABLE).sort());
    expect(covered.idSwept.size).toBeGreaterThan(20);
  });
});
