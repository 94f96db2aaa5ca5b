import { Logger } from '@nestjs/common';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

const logger = new Logger('Database');

/** How migrations run, here and in the tests' template database (test/support/test-database.ts). */
export const MIGRATION_SETTINGS = {
  migrations: MIGRATIONS,
  migrationsTableName: 'schema_migrations',
  migrationsTransactionMode: 'each',
} as const;

/** The advisory lock every API process takes to migrate, so instances starting together migrate one after the other. */
const MIGRATION_LOCK = 'stockbook:migrations';

/**
 * Opens the API's data source and brings its schema up to date, one process at a time: two
 * instances booting together raced their migrations (issue 23: 2 of 4 tries logged an error and
 * succeeded only on retry). The second waits on the lock, then finds nothing left to run.
 */
export async function startDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      await dataSource.runMigrations({ transaction: MIGRATION_SETTINGS.migrationsTransactionMode });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } catch (error) {
    await runner.release().catch(() => undefined);
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  await runner.release();
  return dataSource;
}

/** TypeORM settings shared by the API and the tests: migrations, never synchronize. */
export function databaseOptions(url: string): TypeOrmModuleOptions {
  return {
    type: 'postgres',
    url,
    autoLoadEntities: true,
    synchronize: false,
    ...MIGRATION_SETTINGS,
    // Checked at every start, under a lock (startDataSource); on a migrated database (the tests'
    // copies of their template) it runs nothing.
    migrationsRun: false,
    extra: { max: 10, connectionTimeoutMillis: 5000 },
    // A database restart must not crash the process (STACK.md trap 5).
    poolErrorHandler: (error: Error) => logger.warn(`PostgreSQL pool error: ${error.message}`),
    retryAttempts: 3,
    retryDelay: 1000,
  };
}
