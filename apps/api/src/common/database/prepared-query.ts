import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a query as a named prepared statement on the manager's connection (its transaction's, or
 * one from the pool): PostgreSQL plans it once per connection instead of on every call. For
 * large queries of a fixed shape whose planning costs more than their execution; each distinct
 * text gets its own name, so a query built in a few variants is prepared once per variant.
 */
export async function preparedQuery<T>(manager: EntityManager, label: string, text: string, values: unknown[]): Promise<T[]> {
  const name = `${label}-${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  const runner = manager.queryRunner;
  if (runner && !runner.isReleased) {
    const client = (await runner.connect()) as PgClient;
    return (await client.query({ name, text, values })).rows as T[];
  }
  const pool = (manager.connection.driver as unknown as { master: PgClient }).master;
  return (await pool.query({ name, text, values })).rows as T[];
}
