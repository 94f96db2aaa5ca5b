import { Body, Controller, Delete, Get, Header, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AddSimpleItemRequestSchema,
  AddVariantItemRequestSchema,
  AddVariantRequestSchema,
  InTransitQuerySchema,
  InTransitResponseSchema,
  ItemListQuerySchema,
  UpdateItemAttributesRequestSchema,
  UpdateItemRequestSchema,
  UpdateParentRequestSchema,
  UpdateVariantRequestSchema,
  type InTransitResponse,
  type ItemListResponse,
  type ItemResponse,
  ItemListResponseSchema,
  ItemResponseSchema,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { IdParam } from '../common/validation/id-param';
import { JSON_CONTENT_TYPE, type JsonText } from '../common/json-text';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { ItemsService } from './items.service';
import { Responds } from '../common/openapi/responds';

class ItemListQuery extends createZodDto(ItemListQuerySchema) {}
class InTransitQuery extends createZodDto(InTransitQuerySchema) {}
class AddSimpleItemDto extends createZodDto(AddSimpleItemRequestSchema) {}
class AddVariantItemDto extends createZodDto(AddVariantItemRequestSchema) {}
class AddVariantDto extends createZodDto(AddVariantRequestSchema) {}
class UpdateVariantDto extends createZodDto(UpdateVariantRequestSchema) {}
class UpdateParentDto extends createZodDto(UpdateParentRequestSchema) {}
class UpdateItemDto extends createZodDto(UpdateItemRequestSchema) {}
class UpdateAttributesDto extends createZodDto(UpdateItemAttributesRequestSchema) {}

@ApiTags('inventory')
@Controller('user/inventory')
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @RequirePermission('view:item')
  @Get('list')
  @Header('content-type', JSON_CONTENT_TYPE)
  @Responds(ItemListResponseSchema)
  list(@Auth() auth: AuthContext, @Query() query: ItemListQuery): Promise<JsonText<ItemListResponse>> {
    return this.items.list(auth, query);
  }

  /** Units of pending transfers on their way to the caller's locations, and the value on hand there (contracts: transfers.contract.ts). */
  @RequirePermission('view:item')
  @Get('in-transit')
  @Responds(InTransitResponseSchema)
  inTransit(@Auth() auth: AuthContext, @Query() query: InTransitQuery): Promise<InTransitResponse> {
    return this.items.inTransit(auth, query.location);
  }

  /** One item with its variants and batches (an item's own page, a link from the activity log). */
  @RequirePermission('view:item')
  @Get('item/:id')
  @Responds(ItemResponseSchema)
  async get(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<ItemResponse> {
    return { item: await this.items.get(auth, params.id) };
  }

  @RequirePermission('create:item')
  @Post('add/simple/item')
  @Responds(ItemResponseSchema)
  async addSimple(@Auth() auth: AuthContext, @Body() body: AddSimpleItemDto): Promise<ItemResponse> {
    return { item: await this.items.addSimple(auth, body) };
  }

  @RequirePermission('create:item')
  @Post('variant/item')
  @Responds(ItemResponseSchema)
  async addVariantItem(@Auth() auth: AuthContext, @Body() body: AddVariantItemDto): Promise<ItemResponse> {
    return { item: await this.items.addVariantItem(auth, body) };
  }

  @RequirePermission('create:item')
  @Post('variant')
  @Responds(ItemResponseSchema, { errors: [404, 409] })
  async addVariant(@Auth() auth: AuthContext, @Body() body: AddVariantDto): Promise<ItemResponse> {
    return { item: await this.items.addVariant(auth, body) };
  }

  @RequirePermission('update:item')
  @Patch('variant')
  @Responds(ItemResponseSchema, { errors: [404, 409] })
  async updateVariant(@Auth() auth: AuthContext, @Body() body: UpdateVariantDto): Promise<ItemResponse> {
    return { item: await this.items.updateVariant(auth, body) };
  }

  @RequirePermission('update:item')
  @Patch('variant/parent')
  @Responds(ItemResponseSchema, { errors: [404] })
  async updateParent(@Auth() auth: AuthContext, @Body() body: UpdateParentDto): Promise<ItemResponse> {
    return { item: await this.items.updateParent(auth, body) };
  }

  @RequirePermission('update:item')
  @Patch('update')
  @Responds(ItemResponseSchema, { errors: [404] })
  async update(@Auth() auth: AuthContext, @Body() body: UpdateItemDto): Promise<ItemResponse> {
    return { item: await this.items.updateSimple(auth, body) };
  }

  @RequirePermission('update:item')
  @Patch('update/attributes')
  @Responds(ItemResponseSchema, { errors: [404] })
  async updateAttributes(@Auth() auth: AuthContext, @Body() body: UpdateAttributesDto): Promise<ItemResponse> {
    return { item: await this.items.updateAttributes(auth, body) };
  }

  @RequirePermission('delete:item')
  @Delete('delete/:id')
  @Responds(ItemResponseSchema)
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<ItemResponse> {
    return { item: await this.items.delete(auth, params.id) };
  }
}
