import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Variable } from '@latchkey/contracts';
import { Repository } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation } from '../../common/sql.js';
import type { Principal } from '../../common/auth/principal.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { AppsService } from '../apps/apps.service.js';
import { VariableEntity } from './variable.entity.js';
import { VARIABLE_KEY, type CreateVariableDto, type UpdateVariableDto } from './variables.dto.js';

@Injectable()
export class VariablesService {
  constructor(
    private readonly apps: AppsService,
    private readonly audit: AuditService,
    @InjectRepository(VariableEntity) private readonly variables: Repository<VariableEntity>,
  ) {}

  async create(actor: Actor, appId: string, dto: CreateVariableDto): Promise<Variable> {
    const app = await this.apps.findOwned(actor, appId);
    try {
      // insert, not save: save would quietly overwrite an existing key.
      await this.variables.insert({ appId: app.id, key: dto.key, value: dto.value, minLevel: dto.minLevel ?? 0 });
      await this.audit.record(adminChange(actor, app.id, 'admin.variable.create', { key: dto.key }));
      return toVariable(await this.variables.findOneByOrFail({ appId: app.id, key: dto.key }));
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICT', 'Variable already exists');
      }
      throw err;
    }
  }

  async list(principal: Principal, appId: string, offset: number, limit: number) {
    const app = await this.apps.findOwned(principal, appId);
    const [rows, total] = await this.variables.findAndCount({
      where: { appId: app.id },
      order: { key: 'ASC' },
      skip: offset,
      take: limit,
    });
    return { items: rows.map(toVariable), total };
  }

  async get(principal: Principal, appId: string, key: string): Promise<Variable> {
    return toVariable(await this.find(principal, appId, key));
  }

  async update(actor: Actor, appId: string, key: string, dto: UpdateVariableDto): Promise<Variable> {
    const variable = await this.find(actor, appId, key);
    if (dto.value !== undefined) variable.value = dto.value;
    if (dto.minLevel !== undefined) variable.minLevel = dto.minLevel;
    const saved = await this.variables.save(variable);
    await this.audit.record(
      adminChange(actor, variable.appId, 'admin.variable.update', {
        key,
        changed: Object.keys(dto).filter((field) => dto[field as keyof UpdateVariableDto] !== undefined),
      }),
    );
    return toVariable(saved);
  }

  async remove(actor: Actor, appId: string, key: string): Promise<void> {
    const variable = await this.find(actor, appId, key);
    await this.variables.delete({ appId: variable.appId, key: variable.key });
    await this.audit.record(adminChange(actor, variable.appId, 'admin.variable.delete', { key }));
  }

  private async find(principal: Principal, appId: string, key: string): Promise<VariableEntity> {
    const app = await this.apps.findOwned(principal, appId);
    const variable = VARIABLE_KEY.test(key) ? await this.variables.findOneBy({ appId: app.id, key }) : null;
    if (!variable) throw new AppError('NOT_FOUND');
    return variable;
  }
}

function toVariable(row: VariableEntity): Variable {
  return {
    key: row.key,
    value: row.value,
    minLevel: row.minLevel,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
