import { Injectable } from '@nestjs/common';
import { ClientLimits, USERNAME_MESSAGE, type ClientUser, type FileData } from '@latchkey/contracts';
import type { ChangeAuthor } from '../../common/auth/actor.js';
import { AppError } from '../../common/errors.js';
import { BlacklistService } from '../blacklist/blacklist.service.js';
import { ClientService } from '../client/client.service.js';
import { DownloadRoute } from '../files/download.route.js';
import { UsersService } from '../users/users.service.js';
import { KeyAuthAppStats } from './keyauth-app-stats.js';
import { type KeyAuthAnswer, type KeyAuthCall, KeyAuthRefusal } from './keyauth-call.js';
import { FILE_MAX_BYTES, KeyAuthText, type SessionGatedType } from './keyauth-wire.js';

/**
 * The KeyAuth types a validated session gates (check, var, getvar, setvar,
 * log, fetchOnline, file, ban, changeUsername): each is served as `/v1`
 * calls with the session's Latchkey token, so `/v1`'s rules apply, and
 * answered in KeyAuth's words. KeyAuthEndpoint finds the session first.
 */
@Injectable()
export class KeyAuthSessionCalls {
  constructor(
    private readonly client: ClientService,
    private readonly stats: KeyAuthAppStats,
    private readonly blacklist: BlacklistService,
    private readonly downloads: DownloadRoute,
    private readonly users: UsersService,
  ) {}

  /** The session-gated type `type`, on a validated session. */
  async serve(call: KeyAuthCall, sessionToken: string, type: SessionGatedType): Promise<KeyAuthAnswer> {
    const { app, fields, ip, origin } = call;
    const dispatch = (body: Record<string, unknown>) =>
      this.client.dispatchForApp(app, { ...body, sessionToken }, ip, origin);
    switch (type) {
      case 'check':
        await dispatch({ type: 'check' });
        return { success: true, message: KeyAuthText.sessionValidated };
      case 'var': {
        const { data } = await dispatch({ type: 'var', key: fields.get('varid') });
        return { success: true, message: (data as { value: string }).value };
      }
      case 'getvar': {
        const { data } = await dispatch({ type: 'uservar', key: fields.get('var') });
        return {
          success: true,
          message: KeyAuthText.variableFetched,
          fields: { response: (data as { value: string }).value },
        };
      }
      case 'setvar':
        await dispatch({ type: 'setuservar', key: fields.get('var'), value: fields.get('data') });
        return { success: true, message: KeyAuthText.variableSet };
      case 'log': {
        const message = fields.get('message');
        const pcuser = fields.get('pcuser');
        await dispatch({ type: 'log', message: pcuser && message ? `[${pcuser}] ${message}` : message });
        return { success: true, message: KeyAuthText.logged };
      }
      case 'fetchOnline': {
        if (!call.keyauth.fetchOnline) throw new KeyAuthRefusal(KeyAuthText.fetchOnlineOff);
        await dispatch({ type: 'check' });
        const users = (await this.stats.onlineUsernames(app)).map((credential) => ({ credential }));
        return {
          success: true,
          message: users.length > 0 ? KeyAuthText.onlineFetched : KeyAuthText.noOnlineUsers,
          fields: { users },
        };
      }
      case 'file': {
        const { data } = await dispatch({ type: 'file', fileId: fields.get('fileid') });
        const token = new URL((data as FileData).url).pathname.split('/').pop()!;
        const contents = await this.downloads.readWhole(token, ip, FILE_MAX_BYTES);
        if (contents === 'tooLarge') throw new KeyAuthRefusal(KeyAuthText.fileTooLarge);
        if (contents === null) throw new AppError('FILE_NOT_FOUND');
        return { success: true, message: KeyAuthText.fileFetched, fields: { contents: contents.toString('hex') } };
      }
      case 'ban': {
        if (!call.keyauth.selfBan) throw new KeyAuthRefusal(KeyAuthText.selfBanOff);
        const { user } = (await dispatch({ type: 'check' })).data as { user: ClientUser };
        const author = { accountId: null, email: `${user.username} (${KeyAuthText.clientBan})`, ip };
        const reason = fields.get('reason') ?? KeyAuthText.clientBan;
        await this.users.ban(author, app.id, user.userId, reason);
        for (const [type, value] of [
          ['hwid', user.hwid],
          ['ip', ip],
        ] as const) {
          if (value !== null) await this.blacklistQuietly(author, app.id, { type, value, reason });
        }
        return { success: true, message: KeyAuthText.banned };
      }
      case 'changeUsername': {
        const username = fields.get('newUsername');
        if (username === undefined || !ClientLimits.usernamePattern.test(username)) {
          throw new KeyAuthRefusal(USERNAME_MESSAGE);
        }
        const { user } = (await dispatch({ type: 'check' })).data as { user: ClientUser };
        const author = { accountId: null, email: user.username, ip };
        await this.users.rename(author, app.id, user.userId, username);
        return { success: true, message: KeyAuthText.usernameChanged };
      }
    }
  }

  /** A blacklist entry made by a client ban; one that exists already is what was wanted. */
  private async blacklistQuietly(
    author: ChangeAuthor,
    appId: string,
    entry: { type: 'hwid' | 'ip'; value: string; reason: string },
  ): Promise<void> {
    try {
      await this.blacklist.create(author, appId, entry);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'CONFLICT')) throw err;
    }
  }
}
