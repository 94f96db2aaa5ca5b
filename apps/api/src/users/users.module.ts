import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ProfileService } from './profile.service';
import { UsersAdminService } from './users-admin.service';
import { UsersController } from './users.controller';

/** One's own profile, and user administration. */
@Module({ imports: [AuthModule], controllers: [UsersController], providers: [ProfileService, UsersAdminService] })
export class UsersModule {}
