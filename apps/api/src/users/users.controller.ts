import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminUpdateUserRequestSchema,
  CreateUserRequestSchema,
  LockUserRequestSchema,
  SetPermissionsRequestSchema,
  UpdateProfileRequestSchema,
  type ManagedUserResponse,
  type UserDetailsResponse,
  type UserListResponse,
  ManagedUserResponseSchema,
  UserDetailsResponseSchema,
  UserListResponseSchema,
} from '@stockbook/contracts';
import { AdminOnly, Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { createZodDto } from '../common/validation/zod-validation.pipe';
import { ProfileService } from './profile.service';
import { UsersAdminService } from './users-admin.service';
import { Responds } from '../common/openapi/responds';

class UpdateProfileDto extends createZodDto(UpdateProfileRequestSchema) {}
class CreateUserDto extends createZodDto(CreateUserRequestSchema) {}
class AdminUpdateUserDto extends createZodDto(AdminUpdateUserRequestSchema) {}
class LockUserDto extends createZodDto(LockUserRequestSchema) {}
class SetPermissionsDto extends createZodDto(SetPermissionsRequestSchema) {}

@ApiTags('users')
@Controller('user')
export class UsersController {
  constructor(
    private readonly profile: ProfileService,
    private readonly admin: UsersAdminService,
  ) {}

  @SignedIn()
  @Patch('update')
  @Responds(UserDetailsResponseSchema, { errors: [409] })
  async updateProfile(@Auth() auth: AuthContext, @Body() body: UpdateProfileDto): Promise<UserDetailsResponse> {
    return { user: await this.profile.update(auth, body) };
  }

  @AdminOnly()
  @Get('admin/users')
  @Responds(UserListResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<UserListResponse> {
    return { users: await this.admin.list(auth.businessId) };
  }

  @AdminOnly()
  @Post('admin/users')
  @Responds(ManagedUserResponseSchema, { errors: [409] })
  async create(@Auth() auth: AuthContext, @Body() body: CreateUserDto): Promise<ManagedUserResponse> {
    return { user: await this.admin.create(auth, body) };
  }

  @AdminOnly()
  @Patch('admin/update')
  @Responds(ManagedUserResponseSchema, { errors: [404, 409] })
  async update(@Auth() auth: AuthContext, @Body() body: AdminUpdateUserDto): Promise<ManagedUserResponse> {
    return { user: await this.admin.update(auth, body) };
  }

  @AdminOnly()
  @Post('admin/lock')
  @HttpCode(200)
  @Responds(ManagedUserResponseSchema, { errors: [404] })
  async lock(@Auth() auth: AuthContext, @Body() body: LockUserDto): Promise<ManagedUserResponse> {
    return { user: await this.admin.lock(auth, body.userId, body.locked) };
  }

  @AdminOnly()
  @Post('admin/permissions')
  @HttpCode(200)
  @Responds(ManagedUserResponseSchema, { errors: [404] })
  async setPermissions(@Auth() auth: AuthContext, @Body() body: SetPermissionsDto): Promise<ManagedUserResponse> {
    return { user: await this.admin.setPermissions(auth, body.userId, body.permissions) };
  }
}
