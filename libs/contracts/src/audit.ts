// Every type of audit entry the API writes (GET .../logs). The API's writers
// take an AuditType, so a new type is added here first; the dashboard's Logs
// page must give each a label and a sentence (its unit test reads this list).
import { JOB_TYPES } from './jobs.js';
import { SELLER_AUDIT_PREFIX, SELLER_CALLS, type SellerCall } from './keyauth-seller.js';
import { MEMBER_AUDIT_TYPES } from './teams.js';

/** A client call (`details.outcome` for authentications; `client.log` holds a line the client sent). */
export const CLIENT_AUDIT_TYPES = [
  'client.register',
  'client.login',
  'client.license',
  'client.upgrade',
  'client.log',
] as const;

/** An owner's or member's change, `admin.<resource>.<verb>`. */
export const ADMIN_AUDIT_TYPES = [
  'admin.license.generate',
  'admin.license.update',
  'admin.license.ban',
  'admin.license.unban',
  'admin.license.delete',
  'admin.user.create',
  'admin.user.delete',
  'admin.user.ban',
  'admin.user.unban',
  'admin.user.rename',
  'admin.user.extend',
  'admin.user.set-expiry',
  'admin.user.reset-hwid',
  'admin.user.sessions.end',
  'admin.user.variable.set',
  'admin.user.variable.delete',
  'admin.session.end',
  'admin.variable.create',
  'admin.variable.update',
  'admin.variable.delete',
  'admin.blacklist.create',
  'admin.blacklist.delete',
  'admin.file.create',
  'admin.file.update',
  'admin.file.replace',
  'admin.file.delete',
  'admin.webhook.create',
  'admin.webhook.update',
  'admin.webhook.delete',
  'admin.webhook.test',
  'admin.webhook.retry',
  'admin.reseller.create',
  'admin.reseller.update',
  'admin.reseller.credits',
  'admin.reseller.disable',
  'admin.keyauth.update',
  'admin.keyauth.secret.set',
  'admin.keyauth.secret.reveal',
  'admin.keyauth.messages.update',
  'admin.keyauth.seller-key.create',
  'admin.keyauth.seller-key.rotate',
  'admin.keyauth.seller-key.revoke',
  'admin.app.create',
  'admin.app.update',
  'admin.app.rotate-api-key',
  'admin.job.cancel',
  'admin.store.connection.create',
  'admin.store.connection.update',
  'admin.store.connection.rotate-secret',
  'admin.store.connection.delete',
  'admin.store.product.create',
  'admin.store.product.update',
  'admin.store.product.delete',
  'admin.store.order.email',
  'admin.store.order.link',
  // Changes outside any app: kept with no app, so never listed under one.
  'admin.app.delete',
  'admin.token.create',
  'admin.token.revoke',
  'admin.passkey.register',
  'admin.passkey.rename',
  'admin.passkey.remove',
  'admin.account.password',
] as const;

/** A bulk job's one entry when it ends, written as the change of whoever started it. */
export const JOB_AUDIT_TYPES = JOB_TYPES.map((type) => `admin.job.${type}` as const);

/** A call to KeyAuth's seller API (`seller.<call>`), or one it does not serve (`seller.refused`). */
export const SELLER_AUDIT_TYPES = [
  ...(Object.keys(SELLER_CALLS) as SellerCall[]).map((call) => `${SELLER_AUDIT_PREFIX}.${call}` as const),
  `${SELLER_AUDIT_PREFIX}.refused` as const,
];

/** A store event's change to an order and its keys (actor `store`): STORE_ACTOR. */
export const STORE_AUDIT_TYPES = [
  'store.order.fulfil',
  'store.order.refund',
  'store.order.chargeback',
  'store.order.renew',
  'store.order.cancel',
] as const;

export const AUDIT_TYPES = [
  ...CLIENT_AUDIT_TYPES,
  ...ADMIN_AUDIT_TYPES,
  ...JOB_AUDIT_TYPES,
  ...MEMBER_AUDIT_TYPES,
  ...SELLER_AUDIT_TYPES,
  ...STORE_AUDIT_TYPES,
];
export type AuditType = (typeof AUDIT_TYPES)[number];
