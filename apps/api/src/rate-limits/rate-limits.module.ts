import { Global, Module } from '@nestjs/common';
import { RateLimitsService } from './rate-limits.service';

@Global()
@Module({ providers: [RateLimitsService], exports: [RateLimitsService] })
export class RateLimitsModule {}
