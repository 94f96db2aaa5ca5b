import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './common/openapi/openapi-document';
import type { AppConfig } from './config/app-config';

/**
 * The OpenAPI document generated from the controllers and the zod contracts
 * (`common/openapi/openapi-document.ts`): UI at /api/docs, JSON at /api/docs-json. Built on
 * the first request for it and kept (building takes ~0.2 s, which start-up need not pay).
 */
export function mountOpenApi(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app, config.version), { jsonDocumentUrl: 'api/docs-json' });
}
