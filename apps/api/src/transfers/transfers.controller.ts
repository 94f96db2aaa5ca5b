import { Body, Controller, Headers, Get, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateTransferRequestSchema,
  DatedTransfersQuerySchema,
  TransferActionRequestSchema,
  TransferListResponseSchema,
  TransferResponseSchema,
  type TransferListResponse,
  type TransferResponse,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { Idempotent, idempotencyKey } from '../common/http/idempotency-key';
import { Responds } from '../common/openapi/responds';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { TransfersService } from './transfers.service';

class CreateTransferDto extends createZodDto(CreateTransferRequestSchema) {}
class TransferActionDto extends createZodDto(TransferActionRequestSchema) {}
class DatedQueryDto extends createZodDto(DatedTransfersQuerySchema) {}

/** Transfers between locations (contracts: transfers.contract.ts). Each location-bound check is the service's. */
@ApiTags('transfers')
@Controller('user/transfer')
export class TransfersController {
  constructor(private readonly transfers: TransfersService) {}

  @RequirePermission('create:transfer')
  @Post()
  @Idempotent()
  @Responds(TransferResponseSchema, { errors: [404, 409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateTransferDto, @Headers('idempotency-key') key?: string): Promise<TransferResponse> {
    return { transfer: await this.transfers.create(auth, body, idempotencyKey(key)) };
  }

  @RequirePermission('view:transfer')
  @Get()
  @Responds(TransferListResponseSchema)
  async dated(@Auth() auth: AuthContext, @Query() query: DatedQueryDto): Promise<TransferListResponse> {
    return { transfers: await this.transfers.dated(auth, query) };
  }

  @RequirePermission('complete:transfer')
  @Post('complete')
  @Responds(TransferResponseSchema, { status: 201, errors: [404, 409] })
  async complete(@Auth() auth: AuthContext, @Body() body: TransferActionDto): Promise<TransferResponse> {
    return { transfer: await this.transfers.complete(auth, body.transferID) };
  }

  @RequirePermission('cancel:transfer')
  @Post('cancel')
  @Responds(TransferResponseSchema, { status: 201, errors: [404, 409] })
  async cancel(@Auth() auth: AuthContext, @Body() body: TransferActionDto): Promise<TransferResponse> {
    return { transfer: await this.transfers.cancel(auth, body.transferID) };
  }

  @RequirePermission('delete:transfer')
  @Post('delete')
  @Responds(TransferResponseSchema, { status: 201, errors: [404, 409] })
  async delete(@Auth() auth: AuthContext, @Body() body: TransferActionDto): Promise<TransferResponse> {
    return { transfer: await this.transfers.delete(auth, body.transferID) };
  }

  @RequirePermission('view:transfer')
  @Get(':id')
  @Responds(TransferResponseSchema, { errors: [404] })
  async get(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<TransferResponse> {
    return { transfer: await this.transfers.get(auth, params.id) };
  }
}
