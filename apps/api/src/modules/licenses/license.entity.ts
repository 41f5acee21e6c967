import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DurationType, LicenseStatus } from '@latchkey/contracts';

@Entity('licenses')
export class LicenseEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'app_id' })
  appId: string;

  /** Kept readable: owners list, search and export their keys. */
  @Column('text')
  key: string;

  @Column('text')
  status: LicenseStatus;

  @Column('text', { name: 'duration_type' })
  durationType: DurationType;

  @Column('integer')
  level: number;

  @Column('integer', { name: 'max_devices' })
  maxDevices: number;

  @Column('text', { nullable: true })
  prefix: string | null;

  @Column('text', { nullable: true })
  note: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'activated_at', nullable: true })
  activatedAt: Date | null;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  @Column('text', { name: 'ban_reason', nullable: true })
  banReason: string | null;
}
