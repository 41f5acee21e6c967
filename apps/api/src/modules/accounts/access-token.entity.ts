import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `login`: issued by /auth/login or signup, expires. `personal`: created by the owner, lives until revoked. */
export type AccessTokenKind = 'login' | 'personal';

@Entity('access_tokens')
export class AccessTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'account_id' })
  accountId: string;

  @Column('text')
  kind: AccessTokenKind;

  @Column('text', { nullable: true })
  name: string | null;

  /** SHA-256 of the token; the token itself is never stored. */
  @Column('bytea', { name: 'token_hash' })
  tokenHash: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  /** Where a login token was issued to, so the owner can tell its sign-ins apart. */
  @Column('text', { nullable: true })
  ip: string | null;

  @Column('text', { name: 'user_agent', nullable: true })
  userAgent: string | null;
}
