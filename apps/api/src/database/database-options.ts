import { Logger } from '@nestjs/common';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { MIGRATIONS } from './migrations';

const logger = new Logger('Database');

/** How migrations run, here and in the tests' template database (test/support/test-database.ts). */
export const MIGRATION_SETTINGS = {
  migrations: MIGRATIONS,
  migrationsTableName: 'schema_migrations',
  migrationsTransactionMode: 'each',
} as const;

/** TypeORM settings shared by the API and the tests: migrations, never synchronize. */
export function databaseOptions(url: string): TypeOrmModuleOptions {
  return {
    type: 'postgres',
    url,
    autoLoadEntities: true,
    synchronize: false,
    ...MIGRATION_SETTINGS,
    // Checked at every start; on a migrated database (the tests' copies of their template) it runs nothing.
    migrationsRun: true,
    extra: { max: 10, connectionTimeoutMillis: 5000 },
    // A database restart must not crash the process (STACK.md trap 5).
    poolErrorHandler: (error: Error) => logger.warn(`PostgreSQL pool error: ${error.message}`),
    retryAttempts: 3,
    retryDelay: 1000,
  };
}
