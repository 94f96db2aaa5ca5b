import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { ProfileService } from './profile.service';
import { UsersAdminService } from './users-admin.service';
import { UsersController } from './users.controller';

/** One's own profile, user administration and staff invitations. */
@Module({ imports: [AuthModule], controllers: [UsersController, InvitationsController], providers: [ProfileService, UsersAdminService, InvitationsService] })
export class UsersModule {}
