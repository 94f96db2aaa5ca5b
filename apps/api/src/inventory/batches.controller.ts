import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AddBatchRequestSchema,
  UpdateBatchRequestSchema,
  type ItemResponse,
  ItemResponseSchema,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { BatchesService } from './batches.service';
import { Responds } from '../common/openapi/responds';

class AddBatchDto extends createZodDto(AddBatchRequestSchema) {}
class UpdateBatchDto extends createZodDto(UpdateBatchRequestSchema) {}

/** Batch writes answer with the item they belong to (its parent for a variant), stock recomputed. */
@ApiTags('inventory')
@Controller('user/inventory')
export class BatchesController {
  constructor(private readonly batches: BatchesService) {}

  /** The item a batch belongs to (a batch's link opens its item). */
  @RequirePermission('view:item')
  @Get('batch/:id')
  @Responds(ItemResponseSchema, { errors: [404] })
  async itemOf(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<ItemResponse> {
    return { item: await this.batches.itemOf(auth, params.id) };
  }

  @RequirePermission('create:batch')
  @Post('add/batch')
  @Responds(ItemResponseSchema, { errors: [404] })
  async add(@Auth() auth: AuthContext, @Body() body: AddBatchDto): Promise<ItemResponse> {
    return { item: await this.batches.add(auth, body) };
  }

  @RequirePermission('update:batch')
  @Patch('update/batch')
  @Responds(ItemResponseSchema, { errors: [404, 409] })
  async update(@Auth() auth: AuthContext, @Body() body: UpdateBatchDto): Promise<ItemResponse> {
    return { item: await this.batches.update(auth, body) };
  }

  @RequirePermission('delete:batch')
  @Delete('batch/:id')
  @Responds(ItemResponseSchema, { errors: [409] })
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<ItemResponse> {
    return { item: await this.batches.delete(auth, params.id) };
  }
}
