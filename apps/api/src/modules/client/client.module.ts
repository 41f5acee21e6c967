import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { AppsModule } from '../apps/apps.module.js';
import { BlacklistModule } from '../blacklist/blacklist.module.js';
import { FilesModule } from '../files/files.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ClientAuthService } from './client-auth.service.js';
import { ClientSessionService } from './client-session.service.js';
import { ClientEndpoint, setAnswerHeaders } from './client.endpoint.js';
import { ClientService } from './client.service.js';
import { NewUserSessions } from './new-user-sessions.js';

@Module({
  imports: [AppsModule, BlacklistModule, FilesModule, RateLimitModule, SessionsModule],
  providers: [
    ClientService,
    ClientEndpoint,
    ClientAuthService,
    NewUserSessions,
    ClientSessionService,
    PreparedStatements,
  ],
})
export class ClientModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly endpoint: ClientEndpoint,
  ) {}

  /** Mounts `POST /v1` on Fastify (HTTP process only: the worker has no adapter). */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.post('/v1', { helmet: false, onRequest: setAnswerHeaders }, (request, reply) =>
      this.endpoint.handle(request, reply),
    );
  }
}
