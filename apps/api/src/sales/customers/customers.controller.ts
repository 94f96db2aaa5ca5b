import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateCustomerRequestSchema,
  CustomerStatementQuerySchema,
  CustomerStatementResponseSchema,
  type CustomerStatementResponse,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  MessageResponseBodySchema,
  UpdateCustomerRequestSchema,
  type CustomerListResponse,
  type CustomerResponse,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../../auth/auth-context';
import { Idempotent, idempotencyKey } from '../../common/http/idempotency-key';
import { Responds } from '../../common/openapi/responds';
import { IdParam } from '../../common/validation/id-param';
import { createZodDto } from '../../common/validation/zod-validation.pipe';
import { CustomerStatementService } from './customer-statement.service';
import { CustomersService } from './customers.service';

class CustomerListQueryDto extends createZodDto(CustomerListQuerySchema) {}
class CreateCustomerDto extends createZodDto(CreateCustomerRequestSchema) {}
class UpdateCustomerDto extends createZodDto(UpdateCustomerRequestSchema) {}
class StatementQueryDto extends createZodDto(CustomerStatementQuerySchema) {}

@ApiTags('customers')
@Controller('user/customer')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly statements: CustomerStatementService,
  ) {}

  /** The customer's page: totals, invoices, credit notes and a statement (customer-statement.contract.ts). */
  @RequirePermission('view:customer')
  @Get(':id/statement')
  @Responds(CustomerStatementResponseSchema, { errors: [404] })
  async statement(@Auth() auth: AuthContext, @Param() params: IdParam, @Query() query: StatementQueryDto): Promise<CustomerStatementResponse> {
    return { statement: await this.statements.statement(auth, params.id, query) };
  }

  @RequirePermission('view:customer')
  @Get()
  @Responds(CustomerListResponseSchema)
  async list(@Auth() auth: AuthContext, @Query() query: CustomerListQueryDto): Promise<CustomerListResponse> {
    return { customers: await this.customers.list(auth, query) };
  }

  @RequirePermission('create:customer')
  @Post()
  @Idempotent()
  @Responds(CustomerResponseSchema, { errors: [409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateCustomerDto, @Headers('idempotency-key') key?: string): Promise<CustomerResponse> {
    return { customer: await this.customers.create(auth, body, idempotencyKey(key)) };
  }

  @RequirePermission('update:customer')
  @Patch()
  @Responds(CustomerResponseSchema, { errors: [404] })
  async update(@Auth() auth: AuthContext, @Body() body: UpdateCustomerDto): Promise<CustomerResponse> {
    return { customer: await this.customers.update(auth, body) };
  }

  @RequirePermission('delete:customer')
  @Delete(':id')
  @HttpCode(200)
  @Responds(MessageResponseBodySchema)
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<{ message: string }> {
    await this.customers.delete(auth, params.id);
    return { message: 'Deleted.' };
  }
}
