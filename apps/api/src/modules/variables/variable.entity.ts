import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('variables')
export class VariableEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId: string;

  @PrimaryColumn('text')
  key: string;

  @Column('text')
  value: string;

  @Column('integer', { name: 'min_level' })
  minLevel: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
