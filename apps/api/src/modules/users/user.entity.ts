import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An end user of an app. License-only users (type `license`) have the key as username and no password. */
@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'app_id' })
  appId: string;

  @Column('text')
  username: string;

  @Column('text', { name: 'password_hash', nullable: true })
  passwordHash: string | null;

  @Column('text', { nullable: true })
  hwid: string | null;

  @Column('integer')
  level: number;

  @Column('integer', { name: 'max_devices' })
  maxDevices: number;

  /** null = lifetime */
  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('boolean')
  banned: boolean;

  @Column('text', { name: 'ban_reason', nullable: true })
  banReason: string | null;

  @Column('uuid', { name: 'license_id', nullable: true })
  licenseId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_login_at', nullable: true })
  lastLoginAt: Date | null;

  @Column('text', { name: 'last_ip', nullable: true })
  lastIp: string | null;
}
