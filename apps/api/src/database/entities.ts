import { AccessTokenEntity } from '../modules/accounts/access-token.entity.js';
import { AccountEntity } from '../modules/accounts/account.entity.js';
import { AppEntity } from '../modules/apps/app.entity.js';
import { EventEntity } from '../modules/events/event.entity.js';
import { LicenseEntity } from '../modules/licenses/license.entity.js';
import { SessionEntity } from '../modules/sessions/session.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';
import { VariableEntity } from '../modules/variables/variable.entity.js';

/** Every entity, listed explicitly (ESM builds do not glob reliably). */
export const ENTITIES = [
  AccountEntity,
  AccessTokenEntity,
  AppEntity,
  UserEntity,
  LicenseEntity,
  SessionEntity,
  VariableEntity,
  EventEntity,
];
