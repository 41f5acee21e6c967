import { AccessTokenEntity } from '../modules/accounts/access-token.entity.js';
import { AccountEntity } from '../modules/accounts/account.entity.js';
import { AppEntity } from '../modules/apps/app.entity.js';

/**
 * Every entity, listed explicitly (ESM builds do not glob reliably), of the
 * modules not yet moved to the one data-access shape (docs/data-access.md):
 * a moved module reads its tables into row interfaces with SQL instead.
 */
export const ENTITIES = [AccountEntity, AccessTokenEntity, AppEntity];
