import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UpdateBusinessRequestSchema, type BusinessResponse, BusinessResponseSchema } from '@stockbook/contracts';
import { AdminOnly, Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { BusinessService } from './business.service';
import { Responds } from '../common/openapi/responds';

class UpdateBusinessDto extends createZodDto(UpdateBusinessRequestSchema) {}

@ApiTags('business')
@Controller('user/business')
export class BusinessController {
  constructor(private readonly business: BusinessService) {}

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
}
