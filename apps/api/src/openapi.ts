import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from './config/app-config';

/** OpenAPI document generated from the controllers: UI at /api/docs, JSON at /api/docs-json. */
export function mountOpenApi(app: INestApplication, config: AppConfig): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Stockbook API')
      .setDescription('Inventory, sales and accounting for shops with one or more locations.')
      .setVersion(config.version)
      .addServer('/')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
