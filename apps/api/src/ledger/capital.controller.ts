import { Body, Controller, Headers, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CapitalRequestSchema, MoneyMovementResponseSchema, WithdrawalRequestSchema, type MoneyMovementResponse } from '@stockbook/contracts';
import { AdminOnly, Auth, type AuthContext } from '../auth/auth-context';
import { Idempotent, idempotencyKey } from '../common/http/idempotency-key';
import { Responds } from '../common/openapi/responds';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { CapitalService } from './capital.service';

class CapitalDto extends createZodDto(CapitalRequestSchema) {}
class WithdrawalDto extends createZodDto(WithdrawalRequestSchema) {}

/** Capital and withdrawals, for root users and user admins (contracts: transactions.contract.ts). */
@ApiTags('transactions')
@Controller('user/admin')
export class CapitalController {
  constructor(private readonly money: CapitalService) {}

  @AdminOnly()
  @Post('capital')
  @Idempotent()
  @Responds(MoneyMovementResponseSchema, { errors: [404, 409] })
  capital(@Auth() auth: AuthContext, @Body() body: CapitalDto, @Headers('idempotency-key') key?: string): Promise<MoneyMovementResponse> {
    return this.money.capital(auth, body, idempotencyKey(key));
  }

  @AdminOnly()
  @Post('withdrawal')
  @Idempotent()
  @Responds(MoneyMovementResponseSchema, { errors: [404, 409] })
  withdrawal(@Auth() auth: AuthContext, @Body() body: WithdrawalDto, @Headers('idempotency-key') key?: string): Promise<MoneyMovementResponse> {
    return this.money.withdrawal(auth, body, idempotencyKey(key));
  }
}
