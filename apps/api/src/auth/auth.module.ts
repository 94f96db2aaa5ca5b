import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BusinessEntity } from '../business/business.entity';
import { LocationEntity } from '../locations/location.entity';
import { UserEntity } from '../users/user.entity';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';
import { SessionCache } from './session-cache';
import { SessionGuard } from './session.guard';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';

/** Sessions, sign-up, sign-in; and the guard every endpoint passes through. */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity, UserEntity, BusinessEntity, LocationEntity])],
  controllers: [AuthController],
  providers: [AuthService, PasswordResetService, SessionCache, SessionsService, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [SessionsService],
})
export class AuthModule {}
