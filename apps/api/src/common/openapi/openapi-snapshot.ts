import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../../app.module';
import { loadConfig } from '../../config/app-config';
import type { ApiRuntime } from '../../runtime';
import { buildOpenApiDocument } from './openapi-document';

/** The committed document: `npm run openapi:update` rewrites it. */
export const OPENAPI_SNAPSHOT_PATH = path.resolve(__dirname, '../../../openapi.json');

/** The same global prefix bootstrap.ts sets (test/openapi.e2e-spec.ts holds the served document to the snapshot). */
const GLOBAL_PREFIX = 'api/v1';

/** The product's version (the root package's), not the build's, so the snapshot changes only with the contract. */
function productVersion(): string {
  const rootPackage = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../../package.json'), 'utf8')) as { version: string };
  return rootPackage.version;
}

/**
 * The OpenAPI document as committed (keys sorted, two-space JSON, final newline), generated
 * from the real module graph in Nest's preview mode: controllers and their metadata are
 * scanned, no provider is created, so no database is opened.
 */
export async function generateOpenApiSnapshot(): Promise<string> {
  const databaseUrl = 'postgres://openapi@127.0.0.1:1/never-opened';
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATABASE_URL: databaseUrl });
  const runtime: ApiRuntime = { config, databaseUrl, embeddedDatabase: false };
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(runtime), new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    app.setGlobalPrefix(GLOBAL_PREFIX);
    return `${JSON.stringify(buildOpenApiDocument(app, productVersion()), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
