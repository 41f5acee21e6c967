import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Config } from './config.js';

/** Makes the validated `Config` injectable everywhere by its class. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: Config): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: Config, useValue: config }], exports: [Config] };
  }
}
