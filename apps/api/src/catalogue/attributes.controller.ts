import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AddAttributeRequestSchema,
  UpdateAttributeRequestSchema,
  UpdateAttributeValueRequestSchema,
  type Attribute,
  type AttributeListResponse,
  AttributeListResponseSchema,
  AttributeResponseSchema,
  MessageResponseBodySchema,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { DELETED } from './deleted';
import { AttributesService } from './attributes.service';
import { Responds } from '../common/openapi/responds';

class AddAttributeDto extends createZodDto(AddAttributeRequestSchema) {}
class UpdateAttributeDto extends createZodDto(UpdateAttributeRequestSchema) {}
class UpdateAttributeValueDto extends createZodDto(UpdateAttributeValueRequestSchema) {}

@ApiTags('attributes')
@Controller('user/attribute')
export class AttributesController {
  constructor(private readonly attributes: AttributesService) {}

  @RequirePermission('view:attribute')
  @Get('list')
  @Responds(AttributeListResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<AttributeListResponse> {
    return { attributes: await this.attributes.list(auth.businessId) };
  }

  @RequirePermission('view:attribute')
  @Get('list/in-use')
  @Responds(AttributeListResponseSchema)
  async inUse(@Auth() auth: AuthContext): Promise<AttributeListResponse> {
    return { attributes: await this.attributes.list(auth.businessId, true) };
  }

  @RequirePermission('create:attribute')
  @Post('add')
  @Responds(AttributeResponseSchema, { errors: [409] })
  async add(@Auth() auth: AuthContext, @Body() body: AddAttributeDto): Promise<{ attribute: Attribute }> {
    return { attribute: await this.attributes.add(auth, body) };
  }

  @RequirePermission('update:attribute')
  @Patch('update')
  @Responds(AttributeResponseSchema, { errors: [404, 409] })
  async update(@Auth() auth: AuthContext, @Body() body: UpdateAttributeDto): Promise<{ attribute: Attribute }> {
    return { attribute: await this.attributes.update(auth, body) };
  }

  @RequirePermission('update:attribute')
  @Patch('update/value')
  @Responds(AttributeResponseSchema, { errors: [404, 409] })
  async updateValue(@Auth() auth: AuthContext, @Body() body: UpdateAttributeValueDto): Promise<{ attribute: Attribute }> {
    return { attribute: await this.attributes.updateValue(auth, body._id, body.value) };
  }

  @RequirePermission('delete:attribute')
  @Delete('delete/:id')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema, { errors: [409] })
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<{ message: string }> {
    await this.attributes.delete(auth, params.id);
    return DELETED;
  }

  @RequirePermission('delete:attribute')
  @Delete('delete-forced/:id')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async deleteForced(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<{ message: string }> {
    await this.attributes.deleteForced(auth, params.id);
    return DELETED;
  }
}
