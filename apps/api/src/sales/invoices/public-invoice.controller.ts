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


/** Any text, a NUL too (ANY_TEXT): a malformed link is a 404 like an unknown one (checked in the service), never a 400. */
class LinkParam extends createZodDto(z.object({ link: z.string().max(100) })) {
  static readonly anyText = true;
}

/** Where the public page's answers live; the router's own refusals of such an address answer as the page does (bootstrap.ts). */
export const PUBLIC_INVOICE_PATH = '/api/v1/public/invoice/';

/** The page's answer for a link it cannot find: unknown, revoked or malformed alike. */
export const publicInvoiceNotFound = (requestId: string): z.infer<typeof PublicInvoiceNotFoundSchema> => ({
  success: false,
  message: 'Invalid Invoice ID, please check and try again!',
  code: 'NOT_FOUND',
  requestId,
});

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
    return publicInvoiceNotFound(String(reply.request.id));
  }
}
