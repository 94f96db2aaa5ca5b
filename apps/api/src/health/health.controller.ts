import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthResponseSchema, LivenessResponseSchema, type HealthResponse, type LivenessResponse } from '@stockbook/contracts';
import { Public } from '../auth/auth-context';
import { HealthService } from './health.service';
import { Responds } from '../common/openapi/responds';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'The API and its database are up.' })
  @ApiServiceUnavailableResponse({ description: 'The database cannot be reached.' })
  @Responds(HealthResponseSchema)
  @Responds(HealthResponseSchema, { status: 503 })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const report = await this.health.check();
    void reply.status(report.status === 'ok' ? 200 : 503);
    return report;
  }

  /** The process's own liveness: it answers while it runs, whatever its database does (restart it when this fails). */
  @Get('live')
  @ApiOkResponse({ description: 'The process is running.' })
  @Responds(LivenessResponseSchema)
  live(): LivenessResponse {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }
}
