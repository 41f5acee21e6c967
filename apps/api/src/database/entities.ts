import { AccessTokenEntity } from '../modules/accounts/access-token.entity.js';
import { AccountEntity } from '../modules/accounts/account.entity.js';
import { AppEntity } from '../modules/apps/app.entity.js';
import { AuditEntryEntity } from '../modules/audit/audit-entry.entity.js';
import { BlacklistEntryEntity } from '../modules/blacklist/blacklist-entry.entity.js';
import { EventEntity } from '../modules/events/event.entity.js';
import { LicenseEntity } from '../modules/licenses/license.entity.js';
import { SessionEntity } from '../modules/sessions/session.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';
import { VariableEntity } from '../modules/variables/variable.entity.js';
import { WebhookDeliveryAttemptEntity } from '../modules/webhooks/webhook-delivery-attempt.entity.js';
import { WebhookDeliveryEntity } from '../modules/webhooks/webhook-delivery.entity.js';
import { WebhookEntity } from '../modules/webhooks/webhook.entity.js';

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
  WebhookEntity,
  WebhookDeliveryEntity,
  WebhookDeliveryAttemptEntity,
  BlacklistEntryEntity,
  AuditEntryEntity,
];
