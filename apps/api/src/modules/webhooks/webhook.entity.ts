import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { EventName } from '@latchkey/contracts';

@Entity('webhooks')
export class WebhookEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'app_id' })
  appId: string;

  @Column('text')
  url: string;

  @Column('text', { array: true })
  events: EventName[];

  /** The `whsec_` secret, AES-256-GCM sealed under MASTER_KEY: deliveries need it back to sign. */
  @Column('bytea', { name: 'secret_sealed' })
  secretSealed: Buffer;

  @Column('boolean')
  enabled: boolean;

  @Column('text', { name: 'disabled_reason', nullable: true })
  disabledReason: string | null;

  /** Start of the current run of failed attempts; null after any success. Drives the 5-day rule. */
  @Column('timestamptz', { name: 'failing_since', nullable: true })
  failingSince: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
