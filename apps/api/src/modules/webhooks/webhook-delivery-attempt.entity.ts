import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One HTTP attempt of a delivery, as the owner sees it in the deliveries list. */
@Entity('webhook_delivery_attempts')
export class WebhookDeliveryAttemptEntity {
  @PrimaryColumn('uuid', { name: 'delivery_id' })
  deliveryId: string;

  /** 1 for the first attempt. */
  @PrimaryColumn('integer')
  number: number;

  @Column('timestamptz', { name: 'started_at' })
  startedAt: Date;

  @Column('integer', { name: 'duration_ms' })
  durationMs: number;

  @Column('integer', { name: 'status_code', nullable: true })
  statusCode: number | null;

  @Column('text', { nullable: true })
  error: string | null;

  /** The first 2 KiB of the response body. */
  @Column('text', { name: 'response_body', nullable: true })
  responseBody: string | null;
}
