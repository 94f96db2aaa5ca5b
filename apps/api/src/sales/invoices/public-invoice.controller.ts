import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PublicInvoiceNotFoundSchema, PublicInvoiceResponseSchema, type PublicInvoiceResponse } from '@stockbook/contracts';
import { Public } from '../../auth/auth-context';
import { Responds } from '../../common/openapi/responds';
import { createZodDto } from '../../common/validation/zod-validation.pipe';
import { LimitPerAddress } from '../../rate-limits/limit-per-address';
import { PublicInvoiceService } from './public-invoice.service';
import { z } from 'zod';

/** Any text: a malformed link is a 404 like an unknown one (checked in the service), not a 400. */
class LinkParam extends createZodDto(z.object({ link: z.string().max(200) })) {}

@ApiTags('public')
@Controller('public/invoice')
export class PublicInvoiceController {
  constructor(private readonly invoices: PublicInvoiceService) {}

  /** No credentials; an unknown, revoked or malformed link answers 404 with `success: false`. */
  @Public()
  @LimitPerAddress('public-invoice')
  @Get(':link')
  @Responds(PublicInvoiceResponseSchema)
  @Responds(PublicInvoiceNotFoundSchema, { status: 404, description: 'Unknown, revoked or malformed link.' })
  async get(@Param() params: LinkParam, @Res({ passthrough: true }) reply: FastifyReply): Promise<PublicInvoiceResponse | z.infer<typeof PublicInvoiceNotFoundSchema>> {
    const answer = await this.invoices.get(params.link);
    if (answer) return answer;
    void reply.status(404);
    return { success: false, message: 'Invalid Invoice ID, please check and try again!', code: 'NOT_FOUND', requestId: String(reply.request.id) };
  }
}
