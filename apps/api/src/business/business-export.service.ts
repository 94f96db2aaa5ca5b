import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PassThrough, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { DataSource } from 'typeorm';
import type { AuthContext } from '../auth/auth-context';

/**
 * A business's own export (issue 23, rule 7): every row of every table that belongs to it, in one
 * gzip file of JSON lines (a header, then per table a `#{"table":...}` line and one line per row as
 * PostgreSQL writes it), read in one snapshot. A table belongs to a business through its
 * business_id, or through a chain of foreign keys ending at a table with one (an invoice's lines,
 * their batch draws); the businesses table gives its own row. Kept out: what is not the business's
 * data but the product's workings or secrets (sessions, reset tokens, rate limits, idempotency
 * answers, caches and sums rebuilt from the rows, queued mail), and users' password hashes.
 */
const NOT_EXPORTED = new Set(['schema_migrations', 'sessions', 'password_reset_tokens', 'rate_limits', 'idempotency_keys', 'item_cards', 'report_sales_hours', 'outbox', 'health_probe']);
const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = { users: ['password_hash'], staff_invitations: ['token_hash'] };

interface Link {
  readonly table: string;
  readonly column: string;
  readonly parent: string;
  readonly parentColumn: string;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

@Injectable()
export class BusinessExportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The gzip stream of the caller's business's rows, and a file name for it. */
  async export(auth: AuthContext): Promise<{ stream: Readable; fileName: string }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const gzip = createGzip();
    const out = new PassThrough();
    gzip.pipe(out);
    const write = async (line: string) => {
      if (!gzip.write(`${line}\n`)) await new Promise((resolve) => gzip.once('drain', resolve));
    };
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [business] = (await runner.query(`SELECT business_name FROM businesses WHERE id = $1`, [auth.businessId])) as { business_name: string }[];
    const plan = await this.plan(runner.manager.query.bind(runner.manager));
    void (async () => {
      try {
        await write(JSON.stringify({ format: 'stockbook-business-export', version: 1, businessId: auth.businessId, exportedAt: new Date().toISOString(), tables: plan.map((step) => step.table) }));
        for (const step of plan) {
          await write(`#${JSON.stringify({ table: step.table })}`);
          await runner.query(`DECLARE export_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM (SELECT ${step.columns} FROM ${quoted(step.table)} x WHERE ${step.where}) t`, [
            auth.businessId,
          ]);
          for (;;) {
            const rows = (await runner.query(`FETCH 1000 FROM export_rows`)) as { row: string }[];
            if (rows.length === 0) break;
            for (const { row } of rows) await write(row);
          }
          await runner.query('CLOSE export_rows');
        }
        await runner.query('COMMIT');
        gzip.end();
      } catch (error) {
        gzip.destroy(error as Error);
      } finally {
        await runner.release();
      }
    })();
    const slug = (business?.business_name ?? 'business').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'business';
    return { stream: out, fileName: `stockbook-${slug}-${new Date().toISOString().slice(0, 10)}.jsonl.gz` };
  }

  /** Per exported table: its columns (secrets left out) and the condition that keeps the business's rows ($1). */
  private async plan(query: (sql: string, params?: unknown[]) => Promise<unknown>): Promise<{ table: string; columns: string; where: string }[]> {
    const columns = (await query(
      `SELECT c.relname AS table, a.attname AS column FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum`,
    )) as { table: string; column: string }[];
    const links = (await query(
      `SELECT src.relname AS table, a.attname AS column, dst.relname AS parent, ra.attname AS "parentColumn"
         FROM pg_constraint k JOIN pg_class src ON src.oid = k.conrelid JOIN pg_class dst ON dst.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = 'public'
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
        WHERE k.contype = 'f' AND array_length(k.conkey, 1) = 1 ORDER BY 1, 2`,
    )) as Link[];
    const byTable = new Map<string, string[]>();
    for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
    // How a table's rows are the business's: the condition on alias x, found through its links (depth-first, no cycles).
    const ownership = (table: string, seen: Set<string>, alias: string): string | null => {
      if (table === 'businesses') return `${alias}.id = $1`;
      if (byTable.get(table)?.includes('business_id')) return `${alias}.business_id = $1`;
      for (const link of links.filter((one) => one.table === table && !seen.has(one.parent))) {
        const inner = `${alias}_`;
        const parent = ownership(link.parent, new Set([...seen, table]), inner);
        if (parent) return `${alias}.${quoted(link.column)} IN (SELECT ${inner}.${quoted(link.parentColumn)} FROM ${quoted(link.parent)} ${inner} WHERE ${parent})`;
      }
      return null;
    };
    const plan: { table: string; columns: string; where: string }[] = [];
    for (const [table, list] of byTable) {
      if (NOT_EXPORTED.has(table)) continue;
      const where = ownership(table, new Set(), 'x');
      if (!where) continue; // not any business's: the product's own
      const kept = list.filter((column) => !(SECRET_COLUMNS[table] ?? []).includes(column));
      plan.push({ table, columns: kept.map((column) => `x.${quoted(column)}`).join(', '), where });
    }
    return plan;
  }
}
