import { Logger } from '@nestjs/common';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { MIGRATIONS } from './migrations';

const logger = new Logger('Database');

/** TypeORM settings shared by the API and the tests: migrations, never synchronize. */
export function databaseOptions(url: string): TypeOrmModuleOptions {
  return {
    type: 'postgres',
    url,
    autoLoadEntities: true,
    synchronize: false,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    extra: { max: 10, connectionTimeoutMillis: 5000 },
    // A database restart must not crash the process (STACK.md trap 5).
    poolErrorHandler: (error: Error) => logger.warn(`PostgreSQL pool error: ${error.message}`),
    retryAttempts: 3,
    retryDelay: 1000,
  };
}
