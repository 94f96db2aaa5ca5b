import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateTaxRateRequestSchema,
  TaxRateListResponseSchema,
  TaxRateResponseSchema,
  UpdateTaxRateRequestSchema,
  type TaxRateListResponse,
  type TaxRateResponse,
} from '@stockbook/contracts';
import { AdminOnly, Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { Responds } from '../common/openapi/responds';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { TaxRatesService } from './tax-rates.service';

class CreateTaxRateDto extends createZodDto(CreateTaxRateRequestSchema) {}
class UpdateTaxRateDto extends createZodDto(UpdateTaxRateRequestSchema) {}

/** Tax rates (contracts: tax.contract.ts). */
@ApiTags('tax')
@Controller('user/tax-rate')
export class TaxRatesController {
  constructor(private readonly rates: TaxRatesService) {}

  /** Everyone signed in: the sale screen and the item form show them. */
  @SignedIn()
  @Get()
  @Responds(TaxRateListResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<TaxRateListResponse> {
    return { data: await this.rates.list(auth) };
  }

  @AdminOnly()
  @Post()
  @Responds(TaxRateResponseSchema, { errors: [409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateTaxRateDto): Promise<TaxRateResponse> {
    return { taxRate: await this.rates.create(auth, body) };
  }

  @AdminOnly()
  @Patch(':id')
  @Responds(TaxRateResponseSchema, { errors: [404, 409] })
  async update(@Auth() auth: AuthContext, @Param() params: IdParam, @Body() body: UpdateTaxRateDto): Promise<TaxRateResponse> {
    return { taxRate: await this.rates.update(auth, params.id, body) };
  }

  @AdminOnly()
  @Delete(':id')
  @Responds(TaxRateResponseSchema, { errors: [404, 409] })
  async delete(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<TaxRateResponse> {
    return { taxRate: await this.rates.delete(auth, params.id) };
  }
}
