import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ActivityListQuerySchema, type ActivityListResponse, ActivityListResponseSchema } from '@stockbook/contracts';
import { locationsFor } from '@stockbook/domain';
import { Auth, RequirePermission, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { ActivityService } from './activity.service';
import { Responds } from '../common/openapi/responds';

class ActivityListQuery extends createZodDto(ActivityListQuerySchema) {}

@ApiTags('activity')
@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @RequirePermission('view:activity')
  @Get('user/activity')
  @Responds(ActivityListResponseSchema)
  list(@Auth() auth: AuthContext, @Query() query: ActivityListQuery): Promise<ActivityListResponse> {
    return this.activity.list(auth.businessId, locationsFor(auth.user, 'view:activity'), query);
  }
}
