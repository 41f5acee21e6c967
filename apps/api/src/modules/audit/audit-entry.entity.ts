import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One line of an app's audit log: an admin change or a client authentication. */
@Entity('audit_log')
export class AuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** null for changes outside any app (tokens, a deleted app) */
  @Column('uuid', { name: 'app_id', nullable: true })
  appId: string | null;

  @Column('text')
  type: string;

  @Column('text')
  actor: string;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('jsonb')
  details: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
