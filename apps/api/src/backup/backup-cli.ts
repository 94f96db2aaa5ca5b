import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { databaseOptions, startDataSource } from '../database/database-options';
import type { DataSourceOptions } from 'typeorm';
import { backup, restore } from './backup';

/**
 * `npm run backup -- [file]`: a consistent backup of the running product's database (DATABASE_URL,
 * or the embedded PostgreSQL `npm start` runs) to a file, by default backups/stockbook-<time>.sbk.
 * `npm run restore -- <file>`: into an empty DATA_DIR (an embedded PostgreSQL made for it), or into
 * the DATABASE_URL given when it holds no business; the schema is migrated first.
 */
async function main(): Promise<void> {
  const [command, given] = process.argv.slice(2);
  const config = loadConfig(process.env);
  const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${config.database.embedded.port}/stockbook`;
  if (command === 'backup') {
    const file = path.resolve(given ?? path.join('backups', `stockbook-${new Date().toISOString().replace(/[:.]/g, '-')}.sbk`));
    mkdirSync(path.dirname(file), { recursive: true });
    const made = await backup(config.database.url ?? embeddedUrl, file).catch((error: Error) => {
      if (/ECONNREFUSED/.test(error.message)) throw new Error(`No database answers at ${config.database.url ? 'DATABASE_URL' : `port ${config.database.embedded.port}`}: start Stockbook first (npm start); the backup reads its running database.`);
      throw error;
    });
    console.log(`Backed up ${made.rows} rows of ${made.tables} tables, as they stood at ${made.createdAt}, to ${file}`);
    return;
  }
  if (command === 'restore') {
    if (!given) throw new Error('Name the backup to restore: npm run restore -- <file>.');
    const file = path.resolve(given);
    if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
    const migrate = async (url: string) => (await startDataSource(databaseOptions(url) as DataSourceOptions)).destroy();
    if (config.database.url) {
      await migrate(config.database.url);
      const done = await restore(config.database.url, file);
      console.log(`Restored ${done.rows} rows of ${done.tables} tables (the backup of ${done.createdAt}) into DATABASE_URL.`);
      return;
    }
    const { dataDir, port } = config.database.embedded;
    if (existsSync(dataDir)) throw new Error(`DATA_DIR already holds a database (${dataDir}): restore into an empty one, e.g. DATA_DIR=.data-restored npm run restore -- ${given}`);
    const { startEmbeddedPostgres } = await import('@stockbook/embedded-db');
    const server = await startEmbeddedPostgres({ dataDir, port });
    try {
      await server.ensureDatabase('stockbook');
      await migrate(server.connectionString('stockbook'));
      const done = await restore(server.connectionString('stockbook'), file);
      console.log(`Restored ${done.rows} rows of ${done.tables} tables (the backup of ${done.createdAt}) into DATA_DIR ${path.dirname(dataDir)}: npm start with this DATA_DIR serves it.`);
    } finally {
      await server.stop();
    }
    return;
  }
  throw new Error('Say what to do: backup [file] or restore <file>.');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Stockbook cannot start. ${error.message}` : `Stockbook: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
