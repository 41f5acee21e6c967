import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CreateUserRequest,
  UserVariableLimits,
  usernameKey,
  VARIABLE_KEY_RULE,
  VariableLimits,
} from '@latchkey/contracts';
import { validateSync } from 'class-validator';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors.js';
import { sqlRows } from '../../common/sql.js';
import { UserVariablesService } from '../user-variables/user-variables.service.js';
import { UsersService } from '../users/users.service.js';
import { VariablesService } from '../variables/variables.service.js';
import { daysOf, required, type SellerCall, unixText } from './keyauth-seller-call.js';
import { GET_KEYAUTH_APP, type KeyAuthAppRow } from './keyauth.queries.js';
import {
  FETCH_ALL_USERS,
  FIND_USER_BY_NAME,
  GET_USER_VARIABLE_VALUE,
  type SellerUserRow,
} from './keyauth-seller.queries.js';
import { type SellerAnswer, SellerRefusal, SellerText } from './keyauth-seller-wire.js';

/**
 * The seller API's user and variable calls. Every change goes through the
 * console's services (UsersService, UserVariablesService, VariablesService),
 * so audit entries, events, webhooks and session endings are the console's.
 */
@Injectable()
export class KeyAuthSellerUserCalls {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly userVariables: UserVariablesService,
    private readonly variables: VariablesService,
  ) {}

  static readonly TYPES = new Set([
    'adduser',
    'resetuser',
    'verifyuser',
    'banuser',
    'unbanuser',
    'deluser',
    'extend',
    'fetchallusers',
    'setvar',
    'getvar',
    'retrvvar',
    'editvar',
  ]);

  async serve(call: SellerCall): Promise<SellerAnswer> {
    const { author, appId } = call;
    switch (call.type) {
      case 'adduser':
        return this.addUser(call);
      case 'resetuser':
        await this.users.resetHwid(author, appId, (await this.find(call)).id);
        return { success: true, message: SellerText.userReset };
      case 'verifyuser':
        await this.find(call);
        return { success: true, message: SellerText.userVerified };
      case 'banuser': {
        const reason = call.fields.get('reason')?.slice(0, 500) ?? null;
        await this.users.ban(author, appId, (await this.find(call)).id, reason);
        return { success: true, message: SellerText.userBanned };
      }
      case 'unbanuser':
        await this.users.unban(author, appId, (await this.find(call)).id);
        return { success: true, message: SellerText.userUnbanned };
      case 'deluser':
        await this.users.remove(author, appId, (await this.find(call)).id);
        return { success: true, message: SellerText.userDeleted };
      case 'extend': {
        if (required(call, 'user').toLowerCase() === 'all') throw new SellerRefusal(SellerText.extendAll);
        // Latchkey extends by whole days: KeyAuth's fractions of a day round up.
        const days = Math.ceil(daysOf(required(call, 'expiry')));
        await this.users.extend(author, appId, (await this.find(call)).id, days);
        return { success: true, message: SellerText.userExtended };
      }
      case 'fetchallusers':
        return this.fetchAll(call);
      case 'setvar':
        return this.setUserVariable(call);
      case 'getvar':
        return this.getUserVariable(call);
      default:
        return this.globalVariable(call);
    }
  }

  /**
   * `adduser`: a user with a password (Latchkey has no "set at first login"),
   * `expiry` days from now, and the level whose subscription name is `sub`
   * (level 1 when no level of the app's KeyAuth settings has that name).
   */
  private async addUser(call: SellerCall): Promise<SellerAnswer> {
    const expiresAt = new Date(Date.now() + daysOf(required(call, 'expiry')) * 86_400_000).toISOString();
    const [keyauth] = await sqlRows<KeyAuthAppRow>(this.dataSource, GET_KEYAUTH_APP, [call.appId]);
    const sub = call.fields.get('sub');
    const named = Object.entries(keyauth?.subscription_names ?? {}).find(([, name]) => name === sub);
    const request = Object.assign(new CreateUserRequest(), {
      username: required(call, 'user'),
      password: required(call, 'pass'),
      level: named ? Number(named[0]) : 1,
      expiresAt,
    });
    // The console's own request shape checks the username and password.
    const [problem] = validateSync(request);
    if (problem) throw new SellerRefusal(Object.values(problem.constraints ?? {})[0] ?? 'Invalid user');
    await this.users.create(call.author, call.appId, request);
    return { success: true, message: SellerText.userCreated };
  }

  private async fetchAll(call: SellerCall): Promise<SellerAnswer> {
    const rows = await sqlRows<SellerUserRow>(this.dataSource, FETCH_ALL_USERS, [call.appId]);
    if (rows.length === 0) throw new SellerRefusal(SellerText.noUsers, 404);
    const users = rows.map((row) => ({
      username: row.username,
      expires: unixText(row.expires_at),
      hwid: row.hwid ?? '',
      banned: row.banned ? (row.ban_reason ?? 'banned') : null,
      ip: row.last_ip ?? '',
      level: String(row.level),
      createdate: unixText(row.created_at),
      lastlogin: unixText(row.last_login_at),
    }));
    return { success: true, message: SellerText.usersFetched, fields: { users } };
  }

  private async setUserVariable(call: SellerCall): Promise<SellerAnswer> {
    if (required(call, 'user').toLowerCase() === 'all') throw new SellerRefusal(SellerText.setAllUsers);
    const user = await this.find(call);
    const key = variableKey(call, 'var', UserVariableLimits.keyPattern);
    const data = required(call, 'data');
    if (data.length > UserVariableLimits.valueMax) {
      throw new SellerRefusal(`data must be at most ${UserVariableLimits.valueMax} characters`);
    }
    await this.userVariables.put(call.author, call.appId, user.id, key, data);
    return { success: true, message: SellerText.userVariableSet };
  }

  private async getUserVariable(call: SellerCall): Promise<SellerAnswer> {
    const user = await this.find(call);
    const key = variableKey(call, 'var', UserVariableLimits.keyPattern);
    const [row] = await sqlRows<{ value: string }>(this.dataSource, GET_USER_VARIABLE_VALUE, [user.id, key]);
    if (!row) throw new SellerRefusal(SellerText.userVariableNotFound, 404);
    return {
      success: true,
      message: SellerText.userVariableFetched,
      fields: { response: row.value },
      text: row.value,
    };
  }

  /** `retrvvar` (`name`) reads an app variable, its value as the message; `editvar` (`varid`, `data`) changes it. */
  private async globalVariable(call: SellerCall): Promise<SellerAnswer> {
    const edit = call.type === 'editvar';
    const key = variableKey(call, edit ? 'varid' : 'name', VariableLimits.keyPattern);
    try {
      if (!edit) {
        const variable = await this.variables.get(call.appId, key);
        return { success: true, message: variable.value, text: variable.value };
      }
      const data = required(call, 'data');
      if (data.length > VariableLimits.valueMax) {
        throw new SellerRefusal(`data must be at most ${VariableLimits.valueMax} characters`);
      }
      await this.variables.update(call.author, call.appId, key, { value: data });
      return { success: true, message: SellerText.variableEdited };
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        throw new SellerRefusal(SellerText.variableNotFound, 404);
      throw err;
    }
  }

  /** The call's `user` of this app, or KeyAuth's `User Not Found`. */
  private async find(call: SellerCall): Promise<SellerUserRow> {
    const name = usernameKey(required(call, 'user'));
    const [row] = name ? await sqlRows<SellerUserRow>(this.dataSource, FIND_USER_BY_NAME, [call.appId, name]) : [];
    if (!row) throw new SellerRefusal(SellerText.userNotFound, 404);
    return row;
  }
}

/** A variable's name from `field`, or a refusal naming the field. */
function variableKey(call: SellerCall, field: string, pattern: RegExp): string {
  const key = required(call, field);
  if (!pattern.test(key)) throw new SellerRefusal(`${field} must be ${VARIABLE_KEY_RULE}`);
  return key;
}
