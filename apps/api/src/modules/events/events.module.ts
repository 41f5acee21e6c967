import { Global, Module } from '@nestjs/common';
import { EventsService } from './events.service.js';

/** Global: every feature records its events through the one EventsService. */
@Global()
@Module({ providers: [EventsService], exports: [EventsService] })
export class EventsModule {}
