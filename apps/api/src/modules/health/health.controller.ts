import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DependencyHealth } from './dependency-health.js';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly health: DependencyHealth) {}

  @Get()
  @ApiOperation({
    summary: 'Readiness: 200 when PostgreSQL and Redis answer, else 503; `warnings` an operator should fix',
  })
  async check(@Res() reply: FastifyReply): Promise<void> {
    const answer = await this.health.check();
    reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
  }

  @Get('live')
  @ApiOperation({
    summary: 'Liveness: 200 while the process answers, whatever its dependencies (a database outage restarts nothing)',
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
