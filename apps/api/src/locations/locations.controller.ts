import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateLocationRequestSchema,
  LocationListQuerySchema,
  UpdateLocationRequestSchema,
  type LocationListResponse,
  type LocationResponse,
  LocationListResponseSchema,
  LocationResponseSchema,
} from '@stockbook/contracts';
import { Auth, RequirePermission, SignedIn, type AuthContext } from '../auth/auth-context';
import { IdParam } from '../common/validation/id-param';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { LocationsService } from './locations.service';
import { Responds } from '../common/openapi/responds';

class LocationListQuery extends createZodDto(LocationListQuerySchema) {}
class CreateLocationDto extends createZodDto(CreateLocationRequestSchema) {}
class UpdateLocationDto extends createZodDto(UpdateLocationRequestSchema) {}

@ApiTags('locations')
@Controller('user/location')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  /** Any signed-in user: the frame's location selector lists exactly the visible locations. */
  @SignedIn()
  @Get()
  @Responds(LocationListResponseSchema)
  async list(@Auth() auth: AuthContext, @Query() query: LocationListQuery): Promise<LocationListResponse> {
    return { data: await this.locations.list(auth, query.locations) };
  }

  @RequirePermission('create:location')
  @Post()
  @Responds(LocationResponseSchema, { errors: [409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateLocationDto): Promise<LocationResponse> {
    return { location: await this.locations.create(auth, body) };
  }

  @RequirePermission('update:location')
  @Patch(':id')
  @Responds(LocationResponseSchema, { errors: [409] })
  async update(@Auth() auth: AuthContext, @Param() params: IdParam, @Body() body: UpdateLocationDto): Promise<LocationResponse> {
    return { location: await this.locations.update(auth, params.id, body) };
  }
}
