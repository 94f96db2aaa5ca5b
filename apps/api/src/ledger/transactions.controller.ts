import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DatedTransactionsQuerySchema,
  LatestTransactionsQuerySchema,
  PaginatedTransactionsQuerySchema,
  TransactionListResponseSchema,
  TransactionPageResponseSchema,
  type TransactionListResponse,
  type TransactionPageResponse,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { Responds } from '../common/openapi/responds';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { TransactionsService } from './transactions.service';

class LatestQueryDto extends createZodDto(LatestTransactionsQuerySchema) {}
class PaginatedQueryDto extends createZodDto(PaginatedTransactionsQuerySchema) {}
class DatedQueryDto extends createZodDto(DatedTransactionsQuerySchema) {}

/** The money book's reads (contracts: transactions.contract.ts). */
@ApiTags('transactions')
@Controller('user/transaction')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @RequirePermission('view:transaction')
  @Get()
  @Responds(TransactionListResponseSchema)
  latest(@Auth() auth: AuthContext, @Query() query: LatestQueryDto): Promise<TransactionListResponse> {
    return this.transactions.latest(auth, query);
  }

  @RequirePermission('view:transaction')
  @Get('paginated')
  @Responds(TransactionPageResponseSchema)
  async paginated(@Auth() auth: AuthContext, @Query() query: PaginatedQueryDto): Promise<TransactionPageResponse> {
    return { ...(await this.transactions.paginated(auth, query)), page: query.page, limit: query.limit };
  }

  @RequirePermission('view:transaction')
  @Get('dated')
  @Responds(TransactionListResponseSchema)
  dated(@Auth() auth: AuthContext, @Query() query: DatedQueryDto): Promise<TransactionListResponse> {
    return this.transactions.dated(auth, query);
  }
}
