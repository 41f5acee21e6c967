import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { PasswordHasherModule } from './common/password-hasher.js';
import { PlannerStatisticsModule } from './common/planner-statistics.js';
import { QueueModule } from './common/queue.module.js';
import { RedisModule } from './common/redis.module.js';
import { Config } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { AccountsModule } from './modules/accounts/accounts.module.js';
import { AppsModule } from './modules/apps/apps.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { BlacklistModule } from './modules/blacklist/blacklist.module.js';
import { ClientModule } from './modules/client/client.module.js';
import { EventsModule } from './modules/events/events.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { LicensesModule } from './modules/licenses/licenses.module.js';
import { LogsModule } from './modules/logs/logs.module.js';
import { MembersModule } from './modules/members/members.module.js';
import { PasskeysModule } from './modules/passkeys/passkeys.module.js';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module.js';
import { ResellersModule } from './modules/resellers/resellers.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { StatsModule } from './modules/stats/stats.module.js';
import { StoreModule } from './modules/store/store.module.js';
import { UserVariablesModule } from './modules/user-variables/user-variables.module.js';
import { KeyAuthModule } from './modules/keyauth/keyauth.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { VariablesModule } from './modules/variables/variables.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';

/** Infrastructure both entry points share: config, logs, PostgreSQL (and its planner statistics), Redis. */
export function coreModules(config: Config): Array<DynamicModule | Type> {
  return [
    ConfigModule.forRoot(config),
    { module: DatabaseModule },
    { module: RedisModule },
    EventsModule,
    AuditModule,
    PlannerStatisticsModule,
  ];
}

/** The HTTP process: admin API, client endpoint, health. */
@Module({})
export class AppModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(config),
        QueueModule,
        PasswordHasherModule,
        AccountsModule,
        PasskeysModule,
        AppsModule,
        ClientModule,
        FilesModule,
        HealthModule,
        JobsModule,
        KeyAuthModule,
        LicensesModule,
        VariablesModule,
        RateLimitModule,
        ResellersModule,
        UsersModule,
        UserVariablesModule,
        SessionsModule,
        BlacklistModule,
        LogsModule,
        MembersModule,
        StatsModule,
        StoreModule,
        WebhooksModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
