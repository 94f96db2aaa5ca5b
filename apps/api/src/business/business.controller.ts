import { Body, Controller, Get, Patch, Post, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UpdateBusinessRequestSchema, type BusinessResponse, BusinessResponseSchema } from '@stockbook/contracts';
import { AdminOnly, Auth, RequirePermission, SignedIn, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { BusinessExportService } from './business-export.service';
import { BusinessService } from './business.service';
import { Responds } from '../common/openapi/responds';

class UpdateBusinessDto extends createZodDto(UpdateBusinessRequestSchema) {}

@ApiTags('business')
@Controller('user/business')
export class BusinessController {
  constructor(
    private readonly business: BusinessService,
    private readonly exports: BusinessExportService,
  ) {}

  /** Everyone signed in reads it: screens need the currency and the printer settings. */
  @SignedIn()
  @Get()
  @Responds(BusinessResponseSchema)
  async get(@Auth() auth: AuthContext): Promise<BusinessResponse> {
    return { business: await this.business.get(auth.businessId) };
  }

  @AdminOnly()
  @Patch()
  @Responds(BusinessResponseSchema)
  async update(@Auth() auth: AuthContext, @Body() body: UpdateBusinessDto): Promise<BusinessResponse> {
    return { business: await this.business.update(auth, body) };
  }

  /** A test receipt was printed (the New sale screen prints it; issue 24's getting-started step): whoever may sell may test the printer. */
  @RequirePermission('create:invoice')
  @Post('test-receipt')
  @Responds(BusinessResponseSchema, { status: 201 })
  async testReceipt(@Auth() auth: AuthContext): Promise<BusinessResponse> {
    return { business: await this.business.recordTestReceipt(auth) };
  }

  /** Everything of the business, for its owner to keep or take elsewhere (issue 23, rule 7): one gzip file of JSON lines. */
  @AdminOnly()
  @Get('export')
  @Responds(null, { mediaType: 'application/gzip', description: 'Every row of the business, table by table, as JSON lines in one gzip file (business-export.service.ts).' })
  async export(@Auth() auth: AuthContext): Promise<StreamableFile> {
    const { stream, fileName } = await this.exports.export(auth);
    return new StreamableFile(stream, { type: 'application/gzip', disposition: `attachment; filename="${fileName}"` });
  }
}
