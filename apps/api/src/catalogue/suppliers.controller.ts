import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AddSupplierRequestSchema,
  UpdateSupplierRequestSchema,
  type Supplier,
  type SupplierListResponse,
  MessageResponseBodySchema,
  SupplierListResponseSchema,
  SupplierResponseSchema,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { DELETED } from './deleted';
import { SuppliersService } from './suppliers.service';
import { Responds } from '../common/openapi/responds';

class AddSupplierDto extends createZodDto(AddSupplierRequestSchema) {}
class UpdateSupplierDto extends createZodDto(UpdateSupplierRequestSchema) {}

@ApiTags('suppliers')
@Controller('user/supplier')
export class SuppliersController {
  constructor(private readonly suppliers: SuppliersService) {}

  @RequirePermission('view:supplier')
  @Get('list')
  @Responds(SupplierListResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<SupplierListResponse> {
    return { suppliers: await this.suppliers.list(auth.businessId) };
  }

  @RequirePermission('create:supplier')
  @Post('add')
  @Responds(SupplierResponseSchema, { errors: [409] })
  async add(@Auth() auth: AuthContext, @Body() body: AddSupplierDto): Promise<{ supplier: Supplier }> {
    return { supplier: await this.suppliers.add(auth, body) };
  }

  @RequirePermission('update:supplier')
  @Patch('update')
  @Responds(SupplierResponseSchema, { errors: [404, 409] })
  async update(@Auth() auth: AuthContext, @Body() body: UpdateSupplierDto): Promise<{ supplier: Supplier }> {
    return { supplier: await this.suppliers.update(auth, body) };
  }

  @RequirePermission('delete:supplier')
  @Delete('delete/:id')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<{ message: string }> {
    await this.suppliers.delete(auth, params.id);
    return DELETED;
  }
}
