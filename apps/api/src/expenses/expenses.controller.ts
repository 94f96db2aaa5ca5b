import { Body, Controller, Headers, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateExpenseRequestSchema,
  DatedExpensesQuerySchema,
  ExpenseIdRequestSchema,
  ExpenseListResponseSchema,
  ExpenseResponseSchema,
  type ExpenseListResponse,
  type ExpenseResponse,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { Idempotent, idempotencyKey } from '../common/http/idempotency-key';
import { Responds } from '../common/openapi/responds';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { ExpensesService } from './expenses.service';

class CreateExpenseDto extends createZodDto(CreateExpenseRequestSchema) {}
class ExpenseIdDto extends createZodDto(ExpenseIdRequestSchema) {}
class DatedQueryDto extends createZodDto(DatedExpensesQuerySchema) {}

/** Expenses (contracts: expenses.contract.ts). Location-bound checks are the service's (assertCan at the expense's location). */
@ApiTags('expenses')
@Controller('user/expense')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  @RequirePermission('create:expense')
  @Post()
  @Idempotent()
  @Responds(ExpenseResponseSchema, { errors: [404, 409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateExpenseDto, @Headers('idempotency-key') key?: string): Promise<ExpenseResponse> {
    return { expense: await this.expenses.create(auth, body, idempotencyKey(key)) };
  }

  @RequirePermission('view:expense')
  @Get()
  @Responds(ExpenseListResponseSchema)
  async dated(@Auth() auth: AuthContext, @Query() query: DatedQueryDto): Promise<ExpenseListResponse> {
    return { expenses: await this.expenses.dated(auth, query) };
  }

  @RequirePermission('cancel:expense')
  @Post('cancel')
  @Responds(ExpenseResponseSchema, { errors: [404, 409] })
  async cancel(@Auth() auth: AuthContext, @Body() body: ExpenseIdDto): Promise<ExpenseResponse> {
    return { expense: await this.expenses.cancel(auth, body.expenseID) };
  }

  @RequirePermission('delete:expense')
  @Post('delete')
  @Responds(ExpenseResponseSchema, { errors: [404, 409] })
  async delete(@Auth() auth: AuthContext, @Body() body: ExpenseIdDto): Promise<ExpenseResponse> {
    return { expense: await this.expenses.delete(auth, body.expenseID) };
  }

  @RequirePermission('view:expense')
  @Get(':id')
  @Responds(ExpenseResponseSchema)
  async get(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<ExpenseResponse> {
    return { expense: await this.expenses.get(auth, params.id) };
  }
}
