import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('sessions')
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'app_id' })
  appId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** SHA-256 of the session token; the token is never stored. */
  @Column('bytea', { name: 'token_hash' })
  tokenHash: Buffer;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('text', { nullable: true })
  hwid: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_seen_at' })
  lastSeenAt: Date;

  /** Absolute end: creation + the app's sessionTtlSeconds. */
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt: Date | null;

  /** logout, evicted, user_banned, license_banned, user_deleted, license_deleted, expired, admin */
  @Column('text', { name: 'end_reason', nullable: true })
  endReason: string | null;
}
