import type { DataSource } from 'typeorm';

/**
 * Tables left out of a fingerprint, and why. Everything else in the public schema is business
 * data (or a record of a change, like activities, outbox and password_reset_tokens), which a
 * refused request must not touch.
 */
export const FINGERPRINT_EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'every signed-in call may move last_seen_at; sign-in and sign-out add and end rows',
  rate_limits: 'every limited call counts here, refused or not',
  item_cards: 'a cache of item JSON that reads fill and ItemCardsBuilder rebuilds in the background',
  migrations: 'TypeORM bookkeeping',
  health_probe: "the health check's write probe: /health updates its one row at most every HEALTH_PROBE_MS",
};

/** Per table: its row count and a hash of its rows (each row as text, in text order). */
export type Fingerprint = Record<string, string>;

interface TableInfo {
  name: string;
  hasBusinessId: boolean;
  /** For a table without business_id: a single-column foreign key to a table that has one. */
  ownerLink?: { column: string; table: string; referenced: string };
}

/** The tables of a database, read once: the schema does not change while a suite runs. */
const tablesOf = new WeakMap<DataSource, Promise<TableInfo[]>>();
function tables(db: DataSource): Promise<TableInfo[]> {
  let found = tablesOf.get(db);
  if (!found) tablesOf.set(db, (found = readTables(db)));
  return found;
}

async function readTables(db: DataSource): Promise<TableInfo[]> {
  const rows: { table_name: string; has_business_id: boolean }[] = await db.query(
    `SELECT t.table_name,
            EXISTS (SELECT 1 FROM information_schema.columns c
                     WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'business_id') AS has_business_id
       FROM information_schema.tables t
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY t.table_name`,
  );
  const links: { table_name: string; column_name: string; referenced_table: string; referenced_column: string }[] = await db.query(
    `SELECT src.relname AS table_name, a.attname AS column_name, dst.relname AS referenced_table, ra.attname AS referenced_column
       FROM pg_constraint k
       JOIN pg_class src ON src.oid = k.conrelid
       JOIN pg_class dst ON dst.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = 'public'
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
       JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
      WHERE k.contype = 'f' AND array_length(k.conkey, 1) = 1
      ORDER BY src.relname, a.attname`,
  );
  const withBusiness = new Set(rows.filter((row) => row.has_business_id).map((row) => row.table_name));
  return rows
    .filter((row) => !(row.table_name in FINGERPRINT_EXCLUDED_TABLES))
    .map((row) => {
      const link = row.has_business_id ? undefined : links.find((l) => l.table_name === row.table_name && withBusiness.has(l.referenced_table));
      return {
        name: row.table_name,
        hasBusinessId: row.has_business_id,
        ownerLink: link && { column: link.column_name, table: link.referenced_table, referenced: link.referenced_column },
      };
    });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A fingerprint of the database's business tables (FINGERPRINT_EXCLUDED_TABLES aside): per table,
 * the row count and an md5 of every row's text. Given `businessId`, only that business's rows:
 * those whose business_id is it (the businesses table: its own row), or, in a table without
 * business_id, those whose foreign key leads to such a row (tables with no such link are whole).
 */
export async function fingerprint(db: DataSource, businessId?: string): Promise<Fingerprint> {
  const infos = await tables(db);
  const selects = infos.map((info) => {
    let where = '';
    if (businessId) {
      if (info.name === 'businesses') where = `WHERE t.id = $1`;
      else if (info.hasBusinessId) where = `WHERE t.business_id = $1`;
      else if (info.ownerLink)
        where = `WHERE EXISTS (SELECT 1 FROM ${quote(info.ownerLink.table)} o WHERE o.${quote(info.ownerLink.referenced)} = t.${quote(info.ownerLink.column)} AND o.business_id = $1)`;
    }
    return `SELECT '${info.name.replaceAll("'", "''")}'::text AS table_name,
                   count(*)::text || ':' || coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS hash
              FROM ${quote(info.name)} t ${where}`;
  });
  const rows: { table_name: string; hash: string }[] = await db.query(selects.join('\nUNION ALL\n'), businessId ? [businessId] : []);
  return Object.fromEntries(rows.map((row) => [row.table_name, row.hash]));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
