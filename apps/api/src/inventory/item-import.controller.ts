import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ItemImportRequestSchema, type ItemImportResponse, ItemImportResponseSchema } from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { ItemImportService } from './item-import.service';
import { Responds } from '../common/openapi/responds';

class ItemImportDto extends createZodDto(ItemImportRequestSchema) {}

/**
 * CSV import: up to ITEM_IMPORT_CHUNK rows a call, one result per row (200 even when rows are
 * refused); `dryRun` answers what the import will do and writes nothing.
 */
@ApiTags('inventory')
@Controller('user/inventory')
export class ItemImportController {
  constructor(private readonly imports: ItemImportService) {}

  @RequirePermission('create:item')
  @Post('import')
  @HttpCode(200)
  @Responds(ItemImportResponseSchema)
  async import(@Auth() auth: AuthContext, @Body() body: ItemImportDto): Promise<ItemImportResponse> {
    return { results: await this.imports.import(auth, body.rows, { dryRun: body.dryRun, existing: body.existing, createMissing: body.createMissing }) };
  }
}
