import { DataSource } from 'typeorm';
import { HealthResponseSchema } from '@stockbook/contracts';
import { registerBusiness } from './support/accounts';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * A full disk (issue 23): PostgreSQL refuses writes with SQLSTATE 53100 (disk_full). Here a trigger
 * on `expenses` raises exactly that, so the real error travels the real path: the write is
 * answered 503 saying what to do (not a 500), and /health reports the database degraded.
 */
describe('a full database disk (real PostgreSQL)', () => {
  let api: TestApi;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
    db = api.api.app.get(DataSource);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a write that finds the disk full is answered 503 with what to do, nothing half-written, and /health says so', async () => {
    const owner = await registerBusiness(api);
    const before = HealthResponseSchema.parse((await api.request({ method: 'GET', url: '/api/v1/health' })).json());
    expect(before.status).toBe('ok');
    await db.query(`CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        RAISE EXCEPTION 'could not extend file "base/16384/16385": No space left on device' USING ERRCODE = '53100';
      END $$`);
    await db.query(`CREATE TRIGGER tr_disk_is_full BEFORE INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION disk_is_full()`);
    try {
      const refused = await owner.post('user/expense', { locationID: owner.locationId, amount: '5', category: 'Rent' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^The database's disk is full, so nothing could be saved\. Free some space/) });
      expect(await db.query(`SELECT count(*)::int AS n FROM transactions WHERE location_id = $1`, [owner.locationId])).toEqual([{ n: 0 }]);
      const health = HealthResponseSchema.parse((await api.request({ method: 'GET', url: '/api/v1/health' })).json());
      expect(health.status).toBe('degraded');
      expect(health.database).toMatchObject({ status: 'up', error: expect.stringMatching(/^The database's disk was full at .+: writes are failing\.$/) });
    } finally {
      await db.query(`DROP TRIGGER tr_disk_is_full ON expenses`);
      await db.query(`DROP FUNCTION disk_is_full()`);
    }
  });
});
