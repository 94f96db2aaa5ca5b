import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Client } from 'pg';

/**
 * Backup and restore of the product's database (issue 23, rule 7), without pg_dump (the embedded
 * PostgreSQL ships none, and Debian's refuses a newer server).
 *
 * A backup is one consistent snapshot: a REPEATABLE READ, READ ONLY, DEFERRABLE transaction reads
 * every table of the public schema (sales go on meanwhile; none committed after the snapshot is in
 * it, every one committed before is). The file is gzip text: a header line naming the format, the
 * migrations the schema was built by and the tables, then per table a `#{"table":...}` line and one
 * line per row, the row's stored columns as PostgreSQL's own JSON (numbers as written: nothing
 * passes through a JavaScript number; generated columns, such as a batch's card_json, are left out,
 * PostgreSQL writing them again on restore), then an end line with the row count.
 *
 * A restore goes into a database migrated by the same migrations and holding no business: in one
 * transaction, with triggers and foreign-key checks off (`session_replication_role = replica`: the
 * rows are as they were, the sums the triggers keep included), it empties every table, loads each
 * one's rows through json_populate_recordset (generated columns left to PostgreSQL), and sets every
 * sequence past its column's largest value. Nothing is written unless all of it is.
 */

export const BACKUP_FORMAT = 'stockbook-backup';
const BACKUP_VERSION = 1;
/** Rows read per FETCH and written per INSERT. */
const BATCH = 1000;

interface Header {
  readonly format: string;
  readonly version: number;
  readonly createdAt: string;
  readonly migrations: readonly string[];
  readonly tables: readonly string[];
}

export class BackupError extends Error {}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function tablesOf(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1`);
  return rows.map((row) => row.name);
}

/** Each table's columns that hold data, in order: not the generated ones, which PostgreSQL writes from the rest. */
async function storedColumnsOf(client: Client): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
  );
  for (const { table, column } of rows) columns.set(table, [...(columns.get(table) ?? []), column]);
  return columns;
}

async function migrationsOf(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY id`);
  return rows.map((row) => row.name);
}

/** Writes a consistent backup of the database at `databaseUrl` to `file` (which must not exist yet). */
export async function backup(databaseUrl: string, file: string): Promise<{ tables: number; rows: number; createdAt: string }> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'stockbook-backup' });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { flags: 'wx' }));
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  let rows = 0;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY DEFERRABLE');
    const createdAt = new Date().toISOString();
    const tables = await tablesOf(client);
    const columns = await storedColumnsOf(client);
    const header: Header = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt, migrations: await migrationsOf(client), tables };
    await write(`#${JSON.stringify(header)}`);
    for (const table of tables) {
      await write(`#${JSON.stringify({ table })}`);
      const list = (columns.get(table) ?? []).map(quoted).join(', ');
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM (SELECT ${list} FROM ${quoted(table)}) t`);
      for (;;) {
        const batch = await client.query<{ row: string }>(`FETCH ${BATCH} FROM backup_rows`);
        if (batch.rows.length === 0) break;
        for (const { row } of batch.rows) await write(row);
        rows += batch.rows.length;
      }
      await client.query('CLOSE backup_rows');
    }
    await write(`#${JSON.stringify({ end: true, rows })}`);
    await client.query('COMMIT');
    return { tables: tables.length, rows, createdAt };
  } finally {
    gzip.end();
    await written.catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Loads `file` into the migrated, empty database at `databaseUrl`; refuses (BackupError) anything else. */
export async function restore(databaseUrl: string, file: string): Promise<{ tables: number; rows: number; createdAt: string }> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'stockbook-restore' });
  await client.connect();
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? null : (value as string);
  };
  try {
    const first = await next().catch(() => null);
    const header = first?.startsWith('#') ? (JSON.parse(first.slice(1)) as Header) : null;
    if (header?.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) throw new BackupError(`${file} is not a Stockbook backup.`);
    const migrations = await migrationsOf(client);
    if (migrations.join('\n') !== header.migrations.join('\n')) {
      throw new BackupError(
        `This backup was made by a version of Stockbook whose database had ${header.migrations.length} migrations (the last ${header.migrations.at(-1)}); this one has ${migrations.length} (the last ${migrations.at(-1)}). Restore it with the version that made it.`,
      );
    }
    const [{ businesses }] = (await client.query<{ businesses: number }>('SELECT count(*)::int AS businesses FROM businesses')).rows;
    if (businesses! > 0) throw new BackupError('This database already holds businesses: restore into an empty data folder or database.');

    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const tables = await tablesOf(client);
    await client.query(`TRUNCATE ${tables.map(quoted).join(', ')}`);
    const columns = await storedColumnsOf(client);
    let rows = 0;
    let table: string | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const list = (columns.get(table) ?? []).map(quoted).join(', ');
      await client.query(`INSERT INTO ${quoted(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(null::${quoted(table)}, $1::json)`, [`[${batch.join(',')}]`]);
      rows += batch.length;
      batch = [];
    };
    let ended: { rows: number } | null = null;
    for (let line = await next(); line !== null; line = await next()) {
      if (line.startsWith('#')) {
        await flush();
        const marker = JSON.parse(line.slice(1)) as { table?: string; end?: boolean; rows?: number };
        if (marker.end) ended = { rows: marker.rows ?? -1 };
        else if (marker.table && columns.has(marker.table)) table = marker.table;
        else throw new BackupError(`The backup holds a table this database does not have: ${marker.table}.`);
        continue;
      }
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (!ended || ended.rows !== rows) throw new BackupError(`${file} is cut short: it ends before its last table was whole.`);
    // Sequences past what their columns hold (e.g. the migrations' own ids are not restored, others are).
    const sequences = await client.query<{ table: string; column: string; sequence: string }>(
      `SELECT t.relname AS table, a.attname AS column, s.relname AS sequence FROM pg_depend d
         JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S' JOIN pg_class t ON t.oid = d.refobjid
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND t.relname <> 'schema_migrations'`,
    );
    for (const sequence of sequences.rows) {
      await client.query(`SELECT setval($1, (SELECT coalesce(max(${quoted(sequence.column)}), 0) + 1 FROM ${quoted(sequence.table)}), false)`, [sequence.sequence]);
    }
    await client.query('COMMIT');
    return { tables: tables.length, rows, createdAt: header.createdAt };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
