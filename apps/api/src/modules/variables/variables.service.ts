import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Variable } from '@latchkey/contracts';
import { Repository } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation } from '../../common/sql.js';
import type { Actor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { VariableEntity } from './variable.entity.js';
import { VARIABLE_KEY, type CreateVariableDto, type UpdateVariableDto } from './variables.dto.js';

/** An app's server-side variables; `appId` is the app AppOwnershipGuard handed over. */
@Injectable()
export class VariablesService {
  constructor(
    private readonly audit: AuditService,
    @InjectRepository(VariableEntity) private readonly variables: Repository<VariableEntity>,
  ) {}

  async create(actor: Actor, appId: string, dto: CreateVariableDto): Promise<Variable> {
    try {
      const created = await this.variables.manager.transaction(async (manager) => {
        // insert, not save: save would quietly overwrite an existing key.
        await manager.insert(VariableEntity, { appId, key: dto.key, value: dto.value, minLevel: dto.minLevel ?? 0 });
        await this.audit.write(manager, [adminChange(actor, appId, 'admin.variable.create', { key: dto.key })]);
        return manager.findOneByOrFail(VariableEntity, { appId, key: dto.key });
      });
      return toVariable(created);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Variable already exists');
      throw err;
    }
  }

  async list(appId: string, offset: number, limit: number) {
    const [rows, total] = await this.variables.findAndCount({
      where: { appId },
      order: { key: 'ASC' },
      skip: offset,
      take: limit,
    });
    return { items: rows.map(toVariable), total };
  }

  async get(appId: string, key: string): Promise<Variable> {
    return toVariable(await this.find(appId, key));
  }

  async update(actor: Actor, appId: string, key: string, dto: UpdateVariableDto): Promise<Variable> {
    const variable = await this.find(appId, key);
    if (dto.value !== undefined) variable.value = dto.value;
    if (dto.minLevel !== undefined) variable.minLevel = dto.minLevel;
    const saved = await this.variables.manager.transaction(async (manager) => {
      const changed = await manager.save(variable);
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.variable.update', {
          key,
          changed: Object.keys(dto).filter((field) => dto[field as keyof UpdateVariableDto] !== undefined),
        }),
      ]);
      return changed;
    });
    return toVariable(saved);
  }

  async remove(actor: Actor, appId: string, key: string): Promise<void> {
    const variable = await this.find(appId, key);
    await this.variables.manager.transaction(async (manager) => {
      await manager.delete(VariableEntity, { appId, key: variable.key });
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.variable.delete', { key })]);
    });
  }

  private async find(appId: string, key: string): Promise<VariableEntity> {
    const variable = VARIABLE_KEY.test(key) ? await this.variables.findOneBy({ appId, key }) : null;
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
