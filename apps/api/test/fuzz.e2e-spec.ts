import { DataSource } from 'typeorm';
import { changedTables, fingerprint, type Fingerprint } from './support/fingerprint';
import {
  describeRequest,
  envelopeProblem,
  malformedCases,
  operationsOf,
  validRequest,
  type ApiRequest,
  type IdKind,
  type MalformedCase,
  type OpenApiDocument,
  type Operation,
} from './support/openapi-cases';
import { send, servedDocument } from './support/openapi-requests';
import { seedBusiness, type SeededBusiness } from './support/seed-business';
import { startTestApi, type TestApi } from './support/test-api';
import { unique } from './support/accounts';

/** Cases per operation with the owner's session (drawn evenly across kinds of malformation). */
const CASES_PER_OPERATION = 40;
/** Of those, how many are also sent with no session. */
const UNAUTHENTICATED_CASES = 3;

/**
 * Operations not sent malformed requests with a session, and why. They still get the
 * unauthenticated cases (a 401 that changes nothing).
 */
const WITHOUT_SESSION_ONLY: Record<string, string> = {
  'GET /api/v1/user/sse': 'an event stream: with a session the answer never ends; it takes no input to malform',
  'POST /api/v1/user/logout': 'ends the session every other case uses; it takes no input to malform',
};

/**
 * Operations where a well-formed id naming nothing is a success that changes nothing, and why.
 * (Every other operation must refuse it; none may write.)
 */
const UNKNOWN_ID_IS_A_NO_OP: Record<string, string> = {
  'POST /api/v1/user/message/read': "marks those of the caller's own messages among the ids read; ids naming none of them are ignored",
};

/**
 * Every operation the running API documents gets malformed requests derived from its schemas:
 * missing and unknown fields, wrong types, NUL characters, huge texts, out-of-range numbers and
 * dates, bad and unknown ids, bad query values; with the owner's session and without. None may be
 * a 5xx; a refusal is the JSON error envelope; and a refused request writes nothing (the
 * database's business tables are fingerprinted around every request).
 */
describe('fuzz: malformed requests to every documented operation (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let seeded: SeededBusiness;
  const covered = { withSession: new Set<string>(), withoutSession: new Set<string>() };
  const counts = { cases: 0, refused: 0, notFound: 0, probe: 0, accepted: 0 };

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_AUTH_PER_ADDRESS: '1000000' });
    db = api.api.app.get(DataSource);
    doc = await servedDocument(api);
    operations = operationsOf(doc);
    seeded = await seedBusiness(api, 'Fuzz');
  });
  afterAll(async () => {
    await api?.close();
  });

  const context = {
    // An id of a kind not seeded yet (a new endpoint's) is a fresh uuid: the malformed cases
    // are refused before any lookup either way. (The tenant sweep insists on a seeded one.)
    idFor: (kind: IdKind) => seeded.ids[kind],
    unique,
  };

  it('lists only operations the document has as exclusions', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(Object.keys(WITHOUT_SESSION_ONLY).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(UNKNOWN_ID_IS_A_NO_OP).filter((key) => !keys.has(key))).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it('refuses every malformed request with the error envelope, never a 5xx, and writes nothing', async () => {
    const failures: string[] = [];
    let current: Fingerprint = await fingerprint(db);

    const run = async (op: Operation, item: MalformedCase, cookie: string | undefined, who: string) => {
      counts.cases++;
      counts[item.expect]++;
      const response = await send(api, item.request, cookie);
      const after = await fingerprint(db);
      const status = response.statusCode;
      const shown = `${op.key} [${who}] ${item.label} (${item.expect}) -> ${status}\n    ${describeRequest(item.request)}\n    answer: ${response.body.slice(0, 300)}`;
      if (status >= 500) failures.push(`5xx: ${shown}`);
      else if (!cookie && op.secured && status !== 401 && !(item.category === 'path-router' && status === 400)) failures.push(`not 401 without a session: ${shown}`);
      else if (status >= 400) {
        const problem = envelopeProblem(response.body);
        if (problem) failures.push(`not the error envelope (${problem}): ${shown}`);
      } else if (!(item.expect === 'probe' || (item.expect === 'notFound' && op.key in UNKNOWN_ID_IS_A_NO_OP)) || (!cookie && op.secured)) {
        failures.push(`accepted: ${shown}`);
      }
      // A refused request, a read and a request naming an unknown id write nothing.
      if (status < 300) counts.accepted++;
      const changed = changedTables(current, after);
      if (changed.length > 0 && (status >= 400 || op.method === 'GET' || item.expect === 'notFound')) failures.push(`wrote to ${changed.join(', ')}: ${shown}`);
      current = after;
    };

    for (const op of operations) {
      const valid: ApiRequest = validRequest(doc, op, context);
      const cases = malformedCases(doc, op, valid, CASES_PER_OPERATION);
      if (op.secured) {
        // Without a session: the valid request itself and a few malformed ones are a 401.
        const unauthenticated: MalformedCase[] = [{ label: 'the valid request', category: 'valid', request: valid, expect: 'refused' }, ...cases.slice(0, UNAUTHENTICATED_CASES)];
        for (const item of unauthenticated) await run(op, { ...item, expect: 'refused' }, undefined, 'no session');
        covered.withoutSession.add(op.key);
        if (op.key in WITHOUT_SESSION_ONLY) continue;
        for (const item of cases) await run(op, item, seeded.owner.cookie, 'owner');
        covered.withSession.add(op.key);
      } else {
        for (const item of cases) await run(op, item, undefined, 'public');
        covered.withSession.add(op.key);
        covered.withoutSession.add(op.key);
      }
    }
    console.log(`fuzz: ${operations.length} operations, ${counts.cases} requests (${counts.refused} must be refused, ${counts.notFound} unknown ids, ${counts.probe} probes; ${counts.accepted} answered 2xx)`);
    expect(failures).toEqual([]);
  }, 240_000);

  it('covered every operation: all of them without a session, all but the listed exclusions with one', () => {
    expect(covered.withoutSession.size).toBe(operations.length);
    expect(covered.withSession.size).toBe(operations.length - Object.keys(WITHOUT_SESSION_ONLY).length);
    expect(operations.filter((op) => !covered.withSession.has(op.key)).map((op) => op.key).sort()).toEqual(Object.keys(WITHOUT_SESSION_ONLY).sort());
  });
});
