import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/**
 * Runs a query as a named prepared statement on the manager's connection (its transaction's, or
 * one from the pool): PostgreSQL plans it once per connection instead of on every call. For
 * large queries of a fixed shape whose planning costs more than their execution; each distinct
 * text gets its own name, so a query built in a few variants is prepared once per variant.
 */
export async function preparedQuery<T>(manager: EntityManager, label: string, text: string, values: unknown[]): Promise<T[]> {
  return (await preparedResult<T>(manager, label, text, values)).rows;
}

/** `preparedQuery` with the number of rows the statement touched (an UPDATE's or DELETE's count). */
export async function preparedResult<T>(manager: EntityManager, label: string, text: string, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
  const name = nameOf(label, text);
  const runner = manager.queryRunner;
  const client = runner && !runner.isReleased ? ((await runner.connect()) as PgClient) : (manager.connection.driver as unknown as { master: PgClient }).master;
  const result = await client.query({ name, text, values });
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

/** A statement's name: its label and a hash of its text, worked out once per text. */
const names = new Map<string, string>();
function nameOf(label: string, text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `${label}-${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    names.set(text, name);
  }
  return name;
}
