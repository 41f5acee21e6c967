import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ClientMessage,
  UserVariableLimits,
  type UserVarData,
  type UserVariable,
  type UserVarsData,
} from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor, ChangeAuthor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import {
  ALL_USER_VARIABLES,
  APP_USER,
  DELETE_USER_VARIABLE,
  GET_USER_VARIABLE,
  LIST_USER_VARIABLES,
  LOCK_USER_FOR_VARIABLES,
  SET_USER_VARIABLE,
  type UserVariableRow,
} from './user-variables.queries.js';

/** The user a client's live session belongs to (session-calls.service's LiveSession has this shape). */
export interface VariableOwner {
  appId: string;
  userId: string;
}

interface SetResult {
  row: UserVariableRow;
  created: boolean;
}

/**
 * A user's own variables: read and written by the user's live session on
 * `POST /v1` (the dispatcher checks the session and hands over its user) and
 * by the app's owner through the admin API. At most
 * `UserVariableLimits.perUser` per user, under any concurrency: every write
 * that may add one holds the user's row lock (LOCK_USER_FOR_VARIABLES).
 */
@Injectable()
export class UserVariablesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: PreparedStatements,
    private readonly audit: AuditService,
  ) {}

  /** `uservar` */
  async read({ userId }: VariableOwner, key: string): Promise<{ message: string; data: UserVarData }> {
    const [row] = await this.sql.rows<{ value: string }>('client-user-variable', GET_USER_VARIABLE, [userId, key]);
    if (!row) throw new AppError('VARIABLE_NOT_FOUND');
    return { message: ClientMessage.userVariableRetrieved, data: { key, value: row.value } };
  }

  /** `uservars` */
  async readAll({ userId }: VariableOwner): Promise<{ message: string; data: UserVarsData }> {
    const variables = await this.sql.rows<UserVarData>('client-user-variables', ALL_USER_VARIABLES, [userId]);
    return { message: ClientMessage.userVariablesRetrieved, data: { variables } };
  }

  /** `setuservar` */
  async write(owner: VariableOwner, key: string, value: string): Promise<{ message: string; data: UserVarData }> {
    const set = await this.dataSource.transaction((manager) => this.set(manager, owner, key, value));
    // The user went between the session check and the write (deleted): its session went with it.
    if (!set) throw new AppError('INVALID_SESSION');
    return { message: ClientMessage.userVariableSaved, data: { key, value: set.row.value } };
  }

  /** `deluservar` */
  async delete({ userId }: VariableOwner, key: string): Promise<{ message: string; data: object }> {
    const deleted = await sqlRows(this.dataSource, DELETE_USER_VARIABLE, [userId, key]);
    if (deleted.length === 0) throw new AppError('VARIABLE_NOT_FOUND');
    return { message: ClientMessage.userVariableDeleted, data: {} };
  }

  async list(appId: string, userId: string, offset: number, limit: number) {
    await this.requireUser(appId, userId);
    return sqlPage(this.dataSource, LIST_USER_VARIABLES, [userId], { offset, limit }, toUserVariable);
  }

  /** Creates or replaces the variable; `created` tells the controller 201 from 200. */
  async put(
    actor: ChangeAuthor,
    appId: string,
    userId: string,
    key: string,
    value: string,
  ): Promise<{ variable: UserVariable; created: boolean }> {
    const set = await this.dataSource.transaction(async (manager) => {
      const result = await this.set(manager, { appId, userId }, key, value);
      if (!result) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [
        adminChange(actor, appId, 'admin.user.variable.set', { userId, key, created: result.created }),
      ]);
      return result;
    });
    return { variable: toUserVariable(set.row), created: set.created };
  }

  async remove(actor: Actor, appId: string, userId: string, key: string): Promise<void> {
    await this.requireUser(appId, userId);
    await this.dataSource.transaction(async (manager) => {
      const deleted = await sqlRows(manager, DELETE_USER_VARIABLE, [userId, key]);
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.user.variable.delete', { userId, key })]);
    });
  }

  /** null when the user is not the app's (any more); refuses a new key past the per-user limit. */
  private async set(
    manager: EntityManager,
    { appId, userId }: VariableOwner,
    key: string,
    value: string,
  ): Promise<SetResult | null> {
    const locked = await sqlRows(manager, LOCK_USER_FOR_VARIABLES, [userId, appId]);
    if (locked.length === 0) return null;
    const [row] = await sqlRows<UserVariableRow & { created: boolean }>(manager, SET_USER_VARIABLE, [
      userId,
      key,
      value,
      UserVariableLimits.perUser,
    ]);
    if (!row) throw new AppError('USER_VARIABLE_LIMIT');
    return { row, created: row.created };
  }

  private async requireUser(appId: string, userId: string): Promise<void> {
    const rows = await sqlRows(this.dataSource, APP_USER, [userId, appId]);
    if (rows.length === 0) throw new AppError('NOT_FOUND');
  }
}

function toUserVariable(row: UserVariableRow): UserVariable {
  return {
    key: row.key,
    value: row.value,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
