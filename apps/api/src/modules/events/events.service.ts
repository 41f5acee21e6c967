import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DeliveredEventName, EventData } from '@latchkey/contracts';

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
 * The one way domain events are recorded: as rows written in the same
 * transaction as the change that causes them (the outbox), handed to delivery
 * only after that transaction has committed.
 */
@Injectable()
export class EventsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in a transaction. Events it emits are written at the end of
   * that transaction, and handed to delivery once it has committed.
   */
  async transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    let eventIds: string[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const pending: DomainEvent[] = [];
      const value = await work(manager, (event) => pending.push(event));
      eventIds = await this.write(manager, pending);
      return value;
    });
    await this.afterCommit(eventIds);
    return result;
  }

  /** Writes events in the caller's transaction; returns their ids. Call afterCommit with them. */
  async write(manager: EntityManager, events: DomainEvent[]): Promise<string[]> {
    if (events.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query(
      `WITH ${this.recordCte('$1')} SELECT id FROM recorded_events`,
      [this.toParam(events)],
    );
    return rows.map((r) => r.id);
  }

  /**
   * SQL for statements that record events in the same round trip as their own
   * change: a CTE named `recorded_events (id)` inserting the events passed as
   * the jsonb parameter `param` (see toParam), only when `guard` (a SQL
   * condition, e.g. `EXISTS (SELECT 1 FROM ok)`) holds.
   */
  recordCte(param: string, guard = 'true'): string {
    return `recorded_events AS (
      INSERT INTO events (app_id, name, data)
      SELECT (e->>'appId')::uuid, e->>'name', e->'data' FROM jsonb_array_elements(${param}::jsonb) e
      WHERE ${guard}
      RETURNING id, app_id, name)`;
  }

  toParam(events: DomainEvent[]): string {
    return JSON.stringify(events);
  }

  /** Hands committed events to delivery. */
  async afterCommit(eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
  }
}
