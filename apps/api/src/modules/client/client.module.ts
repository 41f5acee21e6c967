import { Module } from '@nestjs/common';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { AppsModule } from '../apps/apps.module.js';
import { BlacklistModule } from '../blacklist/blacklist.module.js';
import { FilesModule } from '../files/files.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UserVariablesModule } from '../user-variables/user-variables.module.js';
import { ClientAuthService } from './client-auth.service.js';
import { SessionCallsService } from './session-calls.service.js';
import { ClientEndpoint } from './client.endpoint.js';
import { ClientService } from './client.service.js';
import { FirstActivation } from './first-activation.js';
import { Registration } from './registration.js';

/** The client endpoint's services; main.ts serves `ClientEndpoint` on a Fastify instance of its own (client-server.ts). */
@Module({
  imports: [AppsModule, BlacklistModule, FilesModule, RateLimitModule, SessionsModule, UserVariablesModule],
  providers: [
    ClientService,
    ClientEndpoint,
    ClientAuthService,
    Registration,
    FirstActivation,
    SessionCallsService,
    PreparedStatements,
  ],
  exports: [ClientService],
})
export class ClientModule {}
