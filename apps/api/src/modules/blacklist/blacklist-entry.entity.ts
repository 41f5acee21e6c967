import type { BlacklistType } from '@latchkey/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('blacklist_entries')
export class BlacklistEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'app_id' })
  appId: string;

  @Column('text')
  type: BlacklistType;

  /** IP values are stored normalized (see normalizeIpValue). */
  @Column('text')
  value: string;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
