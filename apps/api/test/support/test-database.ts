import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATION_SETTINGS } from '../../src/database/database-options';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the API tests through jest (global setup starts PostgreSQL).');
  return url;
}

/** Named by global setup, one per run: runs sharing an operator's server never share a template. */
function templateName(): string {
  const name = process.env.STOCKBOOK_TEST_TEMPLATE;
  if (!name) throw new Error('STOCKBOOK_TEST_TEMPLATE is not set: run the API tests through jest (global setup names it).');
  return name;
}

function urlOf(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.href;
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the run's template (every migration applied) if no worker has yet. The first worker to
 * take the advisory lock builds it while the others wait for the lock, then find it made.
 */
async function ensureTemplate(admin: Client, template: string): Promise<void> {
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount) return;
    // Built under another name and renamed once complete, so a worker that dies half-way leaves
    // no half-migrated template behind for the others.
    const building = `${template}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const db = await new DataSource({ type: 'postgres', url: urlOf(building), ...MIGRATION_SETTINGS }).initialize();
    try {
      await db.runMigrations();
    } finally {
      await db.destroy();
    }
    // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template: from here
    // on no one can connect to it (PostgreSQL waits a few seconds for closing backends to go).
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    await admin.query(`ALTER DATABASE "${template}" WITH ALLOW_CONNECTIONS false`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
}

/**
 * A database of its own for one test file on the run's PostgreSQL server: a copy of the run's
 * migrated template, or with `empty`, a database with nothing in it (for suites that test what
 * the API does to an empty database at start).
 */
export async function createTestDatabase({ empty = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stockbook_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    if (empty) {
      await admin.query(`CREATE DATABASE "${name}"`);
      return;
    }
    const template = templateName();
    await ensureTemplate(admin, template);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
  return {
    url: urlOf(name),
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
