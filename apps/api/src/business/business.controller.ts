import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UpdateBusinessRequestSchema, type BusinessResponse } from '@stockbook/contracts';
import { AdminOnly, Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { BusinessService } from './business.service';

class UpdateBusinessDto extends createZodDto(UpdateBusinessRequestSchema) {}

@ApiTags('business')
@Controller('user/business')
export class BusinessController {
  constructor(private readonly business: BusinessService) {}

  /** Everyone signed in reads it: screens need the currency and the printer settings. */
  @SignedIn()
  @Get()
  async get(@Auth() auth: AuthContext): Promise<BusinessResponse> {
    return { business: await this.business.get(auth.businessId) };
  }

  @AdminOnly()
  @Patch()
  async update(@Auth() auth: AuthContext, @Body() body: UpdateBusinessDto): Promise<BusinessResponse> {
    return { business: await this.business.update(auth, body) };
  }
}
