import { Body, Controller, Delete, Get, Headers, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AddPaymentRequestSchema,
  CreateInvoiceRequestSchema,
  DatedInvoicesQuerySchema,
  InvoiceLinkRequestSchema,
  InvoiceListResponseSchema,
  InvoicePageResponseSchema,
  InvoiceResponseSchema,
  PaginatedInvoicesQuerySchema,
  RefundRequestSchema,
  SearchInvoicesQuerySchema,
  type InvoiceListResponse,
  type InvoicePageResponse,
  type InvoiceResponse,
} from '@stockbook/contracts';
import { Auth, RequirePermission, type AuthContext } from '../../auth/auth-context';
import { Idempotent, idempotencyKey } from '../../common/http/idempotency-key';
import { Responds } from '../../common/openapi/responds';
import { IdParam } from '../../common/validation/id-param';
import { createZodDto } from '../../common/validation/zod-validation.pipe';
import { InvoicesService } from './invoices.service';

class CreateInvoiceDto extends createZodDto(CreateInvoiceRequestSchema) {}
class AddPaymentDto extends createZodDto(AddPaymentRequestSchema) {}
class RefundDto extends createZodDto(RefundRequestSchema) {}
class InvoiceLinkDto extends createZodDto(InvoiceLinkRequestSchema) {}
class DatedQueryDto extends createZodDto(DatedInvoicesQuerySchema) {}
class PaginatedQueryDto extends createZodDto(PaginatedInvoicesQuerySchema) {}
class SearchQueryDto extends createZodDto(SearchInvoicesQuerySchema) {}


/** Sales (contracts: invoices.contract.ts). Each location-bound check is the service's (assertCan at the invoice's location). */
@ApiTags('invoices')
@Controller('user/invoice')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @RequirePermission('create:invoice')
  @Post()
  @Idempotent()
  @Responds(InvoiceResponseSchema, { errors: [404, 409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateInvoiceDto, @Headers('idempotency-key') key?: string): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.create(auth, body, idempotencyKey(key)) };
  }

  @RequirePermission('view:invoice')
  @Get('search')
  @Responds(InvoiceListResponseSchema)
  async search(@Auth() auth: AuthContext, @Query() query: SearchQueryDto): Promise<InvoiceListResponse> {
    return { invoices: await this.invoices.search(auth, query) };
  }

  @RequirePermission('view:invoice')
  @Get('dated')
  @Responds(InvoiceListResponseSchema)
  async dated(@Auth() auth: AuthContext, @Query() query: DatedQueryDto): Promise<InvoiceListResponse> {
    return { invoices: await this.invoices.dated(auth, query) };
  }

  @RequirePermission('view:invoice')
  @Get('paginated')
  @Responds(InvoicePageResponseSchema)
  async paginated(@Auth() auth: AuthContext, @Query() query: PaginatedQueryDto): Promise<InvoicePageResponse> {
    return { ...(await this.invoices.paginated(auth, query)), page: query.page, limit: query.limit };
  }

  @RequirePermission('payment:invoice')
  @Post('add-payment')
  @Idempotent()
  @Responds(InvoiceResponseSchema, { status: 201, errors: [404, 409] })
  async addPayment(@Auth() auth: AuthContext, @Body() body: AddPaymentDto, @Headers('idempotency-key') key?: string): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.addPayment(auth, body, idempotencyKey(key)) };
  }

  @RequirePermission('refund:invoice')
  @Post('refund')
  @Idempotent()
  @Responds(InvoiceResponseSchema, { status: 201, errors: [404, 409] })
  async refund(@Auth() auth: AuthContext, @Body() body: RefundDto, @Headers('idempotency-key') key?: string): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.refund(auth, body, idempotencyKey(key)) };
  }

  @RequirePermission('create:invoice')
  @Post('link/revoke')
  @Responds(InvoiceResponseSchema, { status: 201, errors: [404] })
  async revokeLink(@Auth() auth: AuthContext, @Body() body: InvoiceLinkDto): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.revokeLink(auth, body.invoiceID) };
  }

  @RequirePermission('create:invoice')
  @Post('link/reissue')
  @Responds(InvoiceResponseSchema, { status: 201, errors: [404] })
  async reissueLink(@Auth() auth: AuthContext, @Body() body: InvoiceLinkDto): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.reissueLink(auth, body.invoiceID) };
  }

  @RequirePermission('create:invoice')
  @Post('link/send')
  @Responds(InvoiceResponseSchema, { status: 201, errors: [404, 409] })
  async sendLink(@Auth() auth: AuthContext, @Body() body: InvoiceLinkDto): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.sendLink(auth, body.invoiceID) };
  }

  @RequirePermission('view:invoice')
  @Get(':id')
  @Responds(InvoiceResponseSchema)
  async get(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.get(auth, params.id) };
  }

  /** Cancels the invoice (specification: delete = cancel). */
  @RequirePermission('delete:invoice')
  @Delete(':id')
  @Responds(InvoiceResponseSchema, { errors: [409] })
  async cancel(@Auth() auth: AuthContext, @Param() params: IdParam): Promise<InvoiceResponse> {
    return { invoice: await this.invoices.cancel(auth, params.id) };
  }
}
