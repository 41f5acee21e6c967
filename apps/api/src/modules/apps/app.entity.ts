import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('apps')
export class AppEntity {
  /** The public appId clients send. */
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  @Column('text')
  name: string;

  @Column('text')
  version: string;

  @Column('text', { name: 'update_url', nullable: true })
  updateUrl: string | null;

  @Column('boolean')
  enabled: boolean;

  @Column('boolean', { name: 'hwid_lock' })
  hwidLock: boolean;

  @Column('integer', { name: 'session_ttl_seconds' })
  sessionTtlSeconds: number;

  @Column('integer', { name: 'session_idle_seconds' })
  sessionIdleSeconds: number;

  @Column('integer', { name: 'rate_limit_per_minute' })
  rateLimitPerMinute: number;

  /** lifetime of offline tickets; 0 = none */
  @Column('integer', { name: 'offline_ticket_seconds' })
  offlineTicketSeconds: number;

  /** SHA-256 of the API key; the key is shown once and never stored. */
  @Column('bytea', { name: 'api_key_hash' })
  apiKeyHash: Buffer;

  /** base64 of the raw Ed25519 public key */
  @Column('text', { name: 'public_key' })
  publicKey: string;

  /** PKCS#8 private key, AES-256-GCM sealed under MASTER_KEY */
  @Column('bytea', { name: 'private_key_sealed' })
  privateKeySealed: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
