import { Client } from 'pg';
import { startApi } from '../src/bootstrap';
import { ConfigError } from '../src/config/app-config';
import { MIGRATIONS } from '../src/database/migrations';
import { startTestApi } from './support/test-api';
import { createTestDatabase } from './support/test-database';

describe('API start-up', () => {
  it('refuses to start with an invalid configuration variable and names it', async () => {
    const attempt = startApi({ PORT: 'eighty', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(startApi({ PORT: 'eighty' })).rejects.toThrow(/PORT must be a port number \(got "eighty"\)/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL before touching any database', async () => {
    await expect(startApi({ DATABASE_URL: 'mysql://root@localhost/shop' })).rejects.toThrow(/DATABASE_URL must be a postgres/);
  });
});

describe('API start-up with others (real PostgreSQL)', () => {
  it('migrates under a lock every instance takes: one waits while another migrates, then two starting together both come up on one schema', async () => {
    const database = await createTestDatabase({ empty: true });
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      // Another instance migrating: this one waits for it before touching the schema.
      await holder.query(`SELECT pg_advisory_lock(hashtext('stockbook:migrations'))`);
      let started = false;
      const waiting = startTestApi({}, { databaseUrl: database.url }).then((api) => ((started = true), api));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(started).toBe(false);
      expect((await holder.query(`SELECT to_regclass('schema_migrations') AS found`)).rows).toEqual([{ found: null }]);
      await holder.query(`SELECT pg_advisory_unlock(hashtext('stockbook:migrations'))`);
      const first = await waiting;
      // Two more starting at once on the migrated schema, and every migration recorded once.
      const [second, third] = await Promise.all([startTestApi({}, { databaseUrl: database.url }), startTestApi({}, { databaseUrl: database.url })]);
      const recorded = (await holder.query(`SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name`)).rows as { n: number }[];
      expect([recorded.length, recorded.every((row) => row.n === 1)]).toEqual([MIGRATIONS.length, true]);
      await Promise.all([first.close(), second.close(), third.close()]);
    } finally {
      await holder.end();
      await database.drop();
    }
  }, 120_000);
});
