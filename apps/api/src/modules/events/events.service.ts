import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import type { DeliveredEventName, EventData } from '@latchkey/contracts';
import { WEBHOOK_QUEUE } from '../../common/queue.module.js';
import { Config } from '../../config/config.js';
import { sqlRows } from '../../common/sql.js';
import { queueDeliveries, scheduledAttempts } from './delivery-queue.js';
import { RECORD_EVENTS, recordEventsCte } from './events.queries.js';

/** An event to record: its name, owning app and the interface's data fields. */
export interface DomainEvent<E extends DeliveredEventName = DeliveredEventName> {
  name: E;
  appId: string;
  data: EventData[E];
}

/** Builds a typed event (keeps each event's data checked against the contract). */
export function domainEvent<E extends DeliveredEventName>(name: E, appId: string, data: EventData[E]): DomainEvent<E> {
  return { name, appId, data };
}

/** Collects events inside a transaction. */
export type Emit = (event: DomainEvent) => void;

/**
 * Queueing runs in the background, so a slow or absent Redis never holds up
 * the request that caused the event. Past this many queueings in flight
 * (Redis down for a while) new ones are skipped: the worker's sweeper queues
 * every delivery left pending, so skipping costs latency, never an event.
 */
const MAX_QUEUEINGS_IN_FLIGHT = 10_000;
/** Shutdown waits this long for queueings in flight, then leaves the rest to the sweeper. */
const SHUTDOWN_QUEUEING_WAIT_MS = 5_000;

/**
 * The one way domain events are recorded: as rows written in the same
 * transaction as the change that causes them, together with one webhook
 * delivery row (the outbox) per enabled webhook subscribed to the event, and
 * handed to the delivery queue only after that transaction has committed.
 */
@Injectable()
export class EventsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(EventsService.name);
  private readonly queueings = new Set<Promise<void>>();
  private readonly scheduledAttempts: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(WEBHOOK_QUEUE) private readonly webhookQueue: Queue,
    config: Config,
  ) {
    this.scheduledAttempts = scheduledAttempts(config.WEBHOOK_RETRY_DELAYS);
  }

  /**
   * Runs `work` in a transaction. Events it emits are written at the end of
   * that transaction, and handed to delivery once it has committed.
   */
  async transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    let deliveryIds: string[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const pending: DomainEvent[] = [];
      const value = await work(manager, (event) => pending.push(event));
      ({ deliveryIds } = await this.write(manager, pending));
      return value;
    });
    await this.afterCommit(deliveryIds);
    return result;
  }

  /**
   * Writes events and their deliveries in the caller's transaction; returns the
   * ids of both. Call afterCommit with the delivery ids once it has committed.
   */
  async write(manager: EntityManager, events: DomainEvent[]): Promise<{ eventIds: string[]; deliveryIds: string[] }> {
    if (events.length === 0) return { eventIds: [], deliveryIds: [] };
    const rows = await sqlRows<{ event_ids: string[]; delivery_ids: string[] }>(manager, RECORD_EVENTS, [
      this.toParam(events),
    ]);
    return { eventIds: rows[0]!.event_ids, deliveryIds: rows[0]!.delivery_ids };
  }

  /**
   * SQL for statements that record events in the same round trip as their own
   * change: recordEventsCte over the jsonb parameter `param` (see toParam) and
   * the SQL condition `guard`. Its second CTE, `recorded_event_deliveries
   * (id)`, fans each recorded event out to its webhooks; callers select its
   * ids for afterCommit. PostgreSQL runs a data-modifying CTE exactly once
   * whether or not the outer query reads it.
   */
  recordCte(param: string, guard = 'true'): string {
    return recordEventsCte(param, guard);
  }

  toParam(events: DomainEvent[]): string {
    return JSON.stringify(events);
  }

  /**
   * Hands committed deliveries (the ids `write`, or `recorded_event_deliveries`
   * in a caller's statement, returned) to the queue, in the background (see
   * MAX_QUEUEINGS_IN_FLIGHT). Returns at once; an event nobody subscribes to
   * costs nothing here.
   */
  async afterCommit(deliveryIds: string[]): Promise<void> {
    if (deliveryIds.length === 0 || this.queueings.size >= MAX_QUEUEINGS_IN_FLIGHT) return;
    // New deliveries have made no attempt yet: every scheduled attempt remains.
    const queueing = queueDeliveries(
      this.webhookQueue,
      deliveryIds.map((id) => ({ id, remainingAttempts: this.scheduledAttempts })),
    )
      .catch((err: Error) => this.logger.warn(`webhook deliveries left to the sweeper: ${err.message}`))
      .finally(() => this.queueings.delete(queueing));
    this.queueings.add(queueing);
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.queueings),
      new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_QUEUEING_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
}
