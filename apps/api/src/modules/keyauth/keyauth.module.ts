import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AppsModule } from '../apps/apps.module.js';
import { BlacklistModule } from '../blacklist/blacklist.module.js';
import { ClientModule } from '../client/client.module.js';
import { FilesModule } from '../files/files.module.js';
import { KeyAuthImportController } from './import/keyauth-import.controller.js';
import { KeyAuthImportService } from './import/keyauth-import.service.js';
import { UsersModule } from '../users/users.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { ActivatedKeys } from './activated-keys.js';
import { KeyAuthAppStats } from './keyauth-app-stats.js';
import { KeyAuthAppsCache } from './keyauth-apps.cache.js';
import { KeyAuthMessagesController } from './keyauth-messages.controller.js';
import { KeyAuthMessagesService } from './keyauth-messages.service.js';
import { KeyAuthSessionCalls } from './keyauth-session-calls.js';
import { KeyAuthSessions } from './keyauth-sessions.js';
import { KeyAuthSettingsController } from './keyauth-settings.controller.js';
import { KeyAuthSettingsService } from './keyauth-settings.service.js';
import { KeyAuthEndpoint } from './keyauth.endpoint.js';

/**
 * KeyAuth compatibility (issue 26): the per-app settings, the imports from
 * KeyAuth exports (import/; their jobs run in the worker through
 * KeyAuthImportWorkerModule) and the `/api/1.3/` and `/api/1.2/` endpoint;
 * main.ts serves `KeyAuthEndpoint` on a Fastify instance of its own
 * (keyauth-server.ts).
 */
@Module({
  imports: [AccountsModule, AppsModule, BlacklistModule, ClientModule, FilesModule, RateLimitModule, UsersModule],
  controllers: [KeyAuthSettingsController, KeyAuthMessagesController, KeyAuthImportController],
  providers: [
    KeyAuthSettingsService,
    KeyAuthMessagesService,
    KeyAuthImportService,
    KeyAuthAppsCache,
    KeyAuthSessions,
    KeyAuthAppStats,
    KeyAuthSessionCalls,
    KeyAuthEndpoint,
    ActivatedKeys,
  ],
})
export class KeyAuthModule {}
