import { AccessTokenEntity } from '../modules/accounts/access-token.entity.js';
import { AccountEntity } from '../modules/accounts/account.entity.js';
import { AppEntity } from '../modules/apps/app.entity.js';

/** Every entity, listed explicitly (ESM builds do not glob reliably). */
export const ENTITIES = [AccountEntity, AccessTokenEntity, AppEntity];
