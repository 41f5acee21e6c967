import { AccessTokenEntity } from '../modules/accounts/access-token.entity.js';
import { AccountEntity } from '../modules/accounts/account.entity.js';
import { AppEntity } from '../modules/apps/app.entity.js';
import { LicenseEntity } from '../modules/licenses/license.entity.js';
import { VariableEntity } from '../modules/variables/variable.entity.js';
import { WebhookEntity } from '../modules/webhooks/webhook.entity.js';

/**
 * Every entity, listed explicitly (ESM builds do not glob reliably). Tables
 * that a module reads and writes through a repository have an entity; tables
 * written only with SQL (users, sessions, events, deliveries, audit log,
 * blacklist) are read into the row interfaces of their module instead.
 */
export const ENTITIES = [AccountEntity, AccessTokenEntity, AppEntity, LicenseEntity, VariableEntity, WebhookEntity];
