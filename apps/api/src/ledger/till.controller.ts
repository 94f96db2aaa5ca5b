import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TillCountRequestSchema, TillCountResponseSchema, TillQuerySchema, TillResponseSchema, type TillCountResponse, type TillResponse } from '@stockbook/contracts';
import { Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { Responds } from '../common/openapi/responds';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { TillService } from './till.service';

class TillQueryDto extends createZodDto(TillQuerySchema) {}
class TillCountDto extends createZodDto(TillCountRequestSchema) {}

/** Till counts (contracts: till.contract.ts); the location's count:till or view:transaction is checked by the service. */
@ApiTags('transactions')
@Controller('user/till-count')
export class TillController {
  constructor(private readonly till: TillService) {}

  @SignedIn()
  @Get()
  @Responds(TillResponseSchema, { errors: [403, 404] })
  read(@Auth() auth: AuthContext, @Query() query: TillQueryDto): Promise<TillResponse> {
    return this.till.read(auth, query.locationID);
  }

  @SignedIn()
  @Post()
  @Responds(TillCountResponseSchema, { errors: [403, 404] })
  count(@Auth() auth: AuthContext, @Body() body: TillCountDto): Promise<TillCountResponse> {
    return this.till.count(auth, body);
  }
}
