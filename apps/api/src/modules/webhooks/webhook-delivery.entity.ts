import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { WebhookDeliveryStatus } from '@latchkey/contracts';

/** The outbox row: one event for one webhook, written in the event's own transaction. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  /** Also the BullMQ job id and the `webhook-id` header. */
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'webhook_id' })
  webhookId: string;

  @Column('uuid', { name: 'event_id' })
  eventId: string;

  @Column('text')
  status: WebhookDeliveryStatus;

  @Column('integer')
  attempts: number;

  /** Attempt count at which the delivery gives up; null = the retry schedule's length + 1. */
  @Column('integer', { name: 'attempt_limit', nullable: true })
  attemptLimit: number | null;

  @Column('integer', { name: 'last_status_code', nullable: true })
  lastStatusCode: number | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError: string | null;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt: Date | null;

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
