import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VariableLimits, type Variable } from '@latchkey/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { isUniqueViolation, sqlPage, sqlRows } from '../../common/sql.js';
import type { Actor, ChangeAuthor } from '../../common/auth/actor.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { VARIABLE_KEY, type CreateVariableDto, type UpdateVariableDto } from './variables.dto.js';
import {
  DELETE_VARIABLE,
  GET_VARIABLE,
  INSERT_VARIABLE,
  LIST_VARIABLES,
  UPDATE_VARIABLE,
  type VariableRow,
} from './variables.queries.js';

/** An app's server-side variables; `appId` is the app AppOwnershipGuard handed over. */
@Injectable()
export class VariablesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async create(actor: Actor, appId: string, dto: CreateVariableDto): Promise<Variable> {
    try {
      const created = await this.dataSource.transaction(async (manager) => {
        const [row] = await sqlRows<VariableRow>(manager, INSERT_VARIABLE, [
          appId,
          dto.key,
          dto.value,
          dto.minLevel ?? VariableLimits.minLevelDefault,
        ]);
        await this.audit.write(manager, [adminChange(actor, appId, 'admin.variable.create', { key: dto.key })]);
        return row!;
      });
      return toVariable(created);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Variable already exists');
      throw err;
    }
  }

  async list(appId: string, offset: number, limit: number) {
    return sqlPage(this.dataSource, LIST_VARIABLES, [appId], { offset, limit }, toVariable);
  }

  async get(appId: string, key: string): Promise<Variable> {
    return toVariable(await this.find(appId, key));
  }

  async update(actor: ChangeAuthor, appId: string, key: string, dto: UpdateVariableDto): Promise<Variable> {
    const variable = await this.find(appId, key);
    const saved = await this.dataSource.transaction(async (manager) => {
      const [changed] = await sqlRows<VariableRow>(manager, UPDATE_VARIABLE, [
        appId,
        variable.key,
        dto.value ?? variable.value,
        dto.minLevel ?? variable.min_level,
      ]);
      if (!changed) throw new AppError('NOT_FOUND');
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
    await this.dataSource.transaction(async (manager) => {
      await sqlRows(manager, DELETE_VARIABLE, [appId, variable.key]);
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.variable.delete', { key })]);
    });
  }

  private async find(appId: string, key: string): Promise<VariableRow> {
    const [variable] = VARIABLE_KEY.test(key)
      ? await sqlRows<VariableRow>(this.dataSource, GET_VARIABLE, [appId, key])
      : [];
    if (!variable) throw new AppError('NOT_FOUND');
    return variable;
  }
}

function toVariable(row: VariableRow): Variable {
  return {
    key: row.key,
    value: row.value,
    minLevel: row.min_level,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
