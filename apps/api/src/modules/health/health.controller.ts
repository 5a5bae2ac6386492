import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { Lifecycle } from './lifecycle';
import { ReadinessRepository } from './readiness.repository';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessRepository,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @Access('public')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers and the process is not draining for shutdown. */
  @Get('readyz')
  @Access('public')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: 'ok' | 'unavailable' | 'draining' }> {
    if (this.lifecycle.draining) {
      void reply.status(503);
      return { status: 'draining' };
    }
    if (await this.readiness.databaseAnswers()) return { status: 'ok' };
    void reply.status(503);
    return { status: 'unavailable' };
  }
}
