// Every audit type the API writes (contracts' AUDIT_TYPES), in the owner's
// words: a label for the Type column and filter, and a sentence built from the
// entry's details, linking to the key, user, job, file or member it names. The
// sentence's subject is the actor, shown beside it. A type missing here fails
// the typecheck; a type this build does not know (a newer API) gets its
// label from its name and its details as plain "name value" pairs.
import {
  type AuditEntry,
  type AuditType,
  type JobType,
  AUDIT_TYPES,
  SELLER_CALLS,
  type SellerCall,
} from '@latchkey/contracts';
import { Fragment, type ReactNode } from 'react';
import { DateTime } from '@/components/ui/date-time';
import { DURATION_LABELS } from '@/components/domain/license-duration';
import { formatBytes, formatNumber, plural } from '@/lib/format';
import {
  BlacklistLink,
  FilesLink,
  JobLink,
  KeyLink,
  LicensesLink,
  MembersLink,
  ResellerLink,
  SettingsLink,
  StoreConnectionLink,
  StoreOrderLink,
  UserLink,
  VariablesLink,
  WebhookLink,
} from './log-links';

/** What a sentence reads an entry through: its details by type, and links to what they name. */
export class EntryWords {
  constructor(
    readonly appId: string,
    readonly entry: AuditEntry,
  ) {}

  /** A details field that is a non-empty string. */
  text(name: string): string | undefined {
    const value = this.entry.details[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  count(name: string): number | undefined {
    const value = this.entry.details[name];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  /** A details field that is an object (`changes`, `filter`, `params`). */
  record(name: string): Record<string, unknown> {
    const value = this.entry.details[name];
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  }

  list(name: string): string[] {
    const value = this.entry.details[name];
    return Array.isArray(value) ? value.map(String) : [];
  }

  get failed(): boolean {
    return this.entry.details.outcome === 'failure';
  }

  /** A name recorded as text: `code` styled, never broken mid-way. */
  name(value: string | undefined, otherwise = 'someone'): ReactNode {
    return value ? <code className="log-name">{value}</code> : otherwise;
  }

  /** The key `value` (details.key unless told), linked to Licenses searched by it. */
  key(value = this.text('key')): ReactNode {
    return value ? <KeyLink appId={this.appId} licenseKey={value} /> : 'a key';
  }

  /** The entry's user (details.userId), named `name` (details.username unless told). */
  user(name: string | undefined = this.text('username'), otherwise = 'a user'): ReactNode {
    const userId = this.text('userId');
    const label = name ? <code className="log-name">{name}</code> : otherwise;
    return userId ? <UserLink appId={this.appId} userId={userId} name={label} /> : label;
  }

  /** The client call's user: the actor, linked when the call names the user's id. */
  caller(): ReactNode {
    return this.user(this.entry.actor);
  }

  date(name: string, never = 'never'): ReactNode {
    return this.text(name) ? <DateTime value={this.text(name)} /> : never;
  }

  /** "Refused: <reason>" of a failed client call. */
  refused(): ReactNode {
    return this.text('reason') ?? 'refused';
  }
}

type Sentence = (words: EntryWords) => ReactNode;

export interface LogType {
  /** the type in the owner's words, for the Type column and filter */
  label: string;
  sentence: Sentence;
}

/** "name, level and note" */
function joined(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const FIELD_WORDS: Record<string, string> = {
  maxDevices: 'device limit',
  minLevel: 'minimum level',
  rateLimitPerMinute: 'rate limit',
  sessionTtlSeconds: 'session length',
  sessionIdleSeconds: 'idle timeout',
  offlineTicketSeconds: 'offline tickets',
  hwidLock: 'HWID lock',
  updateUrl: 'update URL',
  allowedLevels: 'allowed levels',
  allowedDurations: 'allowed durations',
  maxDevicesLimit: 'device limit',
};

/** A camelCase field in words: `maxDevices` → "device limit", `name` → "name". */
function fieldWords(field: string): string {
  return FIELD_WORDS[field] ?? field.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/** A changed value, short: strings quoted, lists joined, objects as JSON. */
function valueWords(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return `“${value}”`;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "level 3 and note “VIP”" from a `changes` object. */
function changesWords(changes: Record<string, unknown>): string {
  return joined(Object.entries(changes).map(([field, value]) => `${fieldWords(field)} ${valueWords(value)}`));
}

const JOB_WORDS: Record<JobType, { label: string; records: 'key' | 'user' | 'row' }> = {
  'licenses.import': { label: 'Keys imported from CSV', records: 'row' },
  'licenses.delete': { label: 'Keys deleted in bulk', records: 'key' },
  'licenses.add-time': { label: 'Time added to unused keys', records: 'key' },
  'users.extend': { label: 'Active users extended', records: 'user' },
  'users.reset-hwid': { label: 'HWIDs reset in bulk', records: 'user' },
  'users.ban': { label: 'Users banned in bulk', records: 'user' },
  'users.unban': { label: 'Users unbanned in bulk', records: 'user' },
  'keyauth.preview': { label: 'KeyAuth import checked', records: 'row' },
  'keyauth.commit': { label: 'KeyAuth import committed', records: 'row' },
};

const JOB_STATUS_WORDS: Record<string, string> = {
  succeeded: 'finished',
  failed: 'failed',
  cancelled: 'was cancelled',
};

/** A finished bulk job: what it did, to how many, with which parameters. */
function jobSentence(type: JobType): Sentence {
  return (w) => {
    const { label, records } = JOB_WORDS[type];
    const params = w.record('params');
    const filter = w.record('filter');
    const done = w.count('done') ?? 0;
    const total = w.count('total');
    const extras = [
      typeof params.days === 'number' ? plural(params.days, 'day') + ' each' : null,
      typeof params.reason === 'string' ? `reason “${params.reason}”` : null,
      typeof filter.status === 'string' ? `${filter.status.toLowerCase()} keys only` : null,
      typeof filter.note === 'string' ? `note containing “${filter.note}”` : null,
      typeof filter.search === 'string' ? `usernames containing “${filter.search}”` : null,
      w.count('skipped') ? `${formatNumber(w.count('skipped')!)} skipped` : null,
      w.count('errorCount') ? plural(w.count('errorCount')!, 'error') : null,
    ].filter((part): part is string => part !== null);
    return (
      <>
        <JobLink appId={w.appId} jobId={w.text('jobId')} keyAuth={type.startsWith('keyauth.')}>
          {label}
        </JobLink>{' '}
        {JOB_STATUS_WORDS[w.text('status') ?? ''] ?? w.text('status') ?? 'ended'}:{' '}
        {total === undefined || total === null
          ? plural(done, records)
          : `${formatNumber(done)} of ${plural(total, records)}`}
        {extras.length > 0 ? ` (${extras.join(', ')})` : null}
      </>
    );
  };
}

/** A client authentication: `success` on success, the call's name and refusal otherwise. */
function authSentence(success: Sentence, refusedWhat: Sentence): Sentence {
  return (w) =>
    w.failed ? (
      <>
        {refusedWhat(w)} refused: {w.refused()}
      </>
    ) : (
      success(w)
    );
}

const PORTAL_METHOD_WORDS: Record<string, string> = {
  key: 'with a key',
  password: 'with a password',
  email: 'by email code',
};

const BLACKLIST_WORDS: Record<string, string> = { ip: 'IP', hwid: 'HWID', username: 'username' };

function blacklistValue(w: EntryWords): ReactNode {
  return (
    <BlacklistLink appId={w.appId}>
      {BLACKLIST_WORDS[w.text('type') ?? ''] ?? 'value'} {w.name(w.text('value'), '')}
    </BlacklistLink>
  );
}

function webhook(w: EntryWords): ReactNode {
  const webhookId = w.text('webhookId');
  const name = w.text('url') ? <code className="log-name">{w.text('url')}</code> : 'a webhook';
  return webhookId ? (
    <WebhookLink appId={w.appId} webhookId={webhookId}>
      {name}
    </WebhookLink>
  ) : (
    name
  );
}

function reseller(w: EntryWords): ReactNode {
  const resellerId = w.text('resellerId');
  const name = w.text('email') ?? 'a reseller';
  return resellerId ? (
    <ResellerLink appId={w.appId} resellerId={resellerId}>
      {name}
    </ResellerLink>
  ) : (
    name
  );
}

function variable(w: EntryWords): ReactNode {
  return <VariablesLink appId={w.appId}>{w.name(w.text('key'), 'a variable')}</VariablesLink>;
}

function sessionsEnded(w: EntryWords, name = 'sessionsEnded'): string {
  const ended = w.count(name) ?? 0;
  return ended > 0 ? `; ended ${plural(ended, 'session')}` : '';
}

function reason(w: EntryWords): string {
  return w.text('reason') ? `: “${w.text('reason')}”` : '';
}

/** A call of KeyAuth's seller API (a shop, a Discord bot): what it did, and why it was refused when it was. */
function sellerSentence(call: string): (w: EntryWords) => ReactNode {
  return (w) => {
    const message = w.text('message');
    if (w.failed) return `Seller API call “${call}” refused${message ? `: ${message}` : ''}`;
    return `Seller API: ${call}`;
  };
}

const SELLER_LOG_TYPES = {
  ...Object.fromEntries(
    (Object.keys(SELLER_CALLS) as SellerCall[]).map((call) => [
      `seller.${call}`,
      { label: `Seller API: ${SELLER_CALLS[call]}`, sentence: sellerSentence(SELLER_CALLS[call]) },
    ]),
  ),
  'seller.refused': {
    label: 'Seller API: call not served',
    sentence: (w: EntryWords) => `Seller API call “${w.text('type') ?? 'unknown'}” is not served here`,
  },
} as Record<`seller.${SellerCall}` | 'seller.refused', LogType>;

/** The keys a store order's entry names (details.keys), each linked, the first few by name. */
function orderKeys(w: EntryWords): ReactNode {
  const keys = w.list('keys');
  if (keys.length === 0) return 'no key';
  if (keys.length > 3) return <LicensesLink appId={w.appId}>{plural(keys.length, 'key')}</LicensesLink>;
  return keys.map((key, index) => (
    <Fragment key={key}>
      {index > 0 ? ', ' : ''}
      {w.key(key)}
    </Fragment>
  ));
}

/** The store order an entry names, by the store's order id, linked to its page. */
function order(w: EntryWords): ReactNode {
  const orderId = w.text('orderId');
  const name = w.name(w.text('externalOrderId'), 'an order');
  return orderId ? (
    <StoreOrderLink appId={w.appId} orderId={orderId}>
      {name}
    </StoreOrderLink>
  ) : (
    name
  );
}

/** An order named by its id only (details.orderId): "an order", linked to its page. */
function storeOrderOf(w: EntryWords): ReactNode {
  const orderId = w.text('orderId');
  return orderId ? (
    <StoreOrderLink appId={w.appId} orderId={orderId}>
      an order
    </StoreOrderLink>
  ) : (
    'an order'
  );
}

/** The store connection an entry names (details.connectionId), linked to its page; `name` when recorded. */
function storeConnection(w: EntryWords, name: ReactNode): ReactNode {
  const connectionId = w.text('connectionId');
  return connectionId ? (
    <StoreConnectionLink appId={w.appId} connectionId={connectionId}>
      {name}
    </StoreConnectionLink>
  ) : (
    name
  );
}

/** A store connection's and its mappings' changes, and what store events did to orders (actor `store`). */
const STORE_LOG_TYPES: Record<Extract<AuditType, `admin.store.${string}` | `store.${string}`>, LogType> = {
  'admin.store.connection.create': {
    label: 'Store connected',
    sentence: (w) => (
      <>
        Connected the {w.text('provider') ?? ''} store {storeConnection(w, w.name(w.text('name'), 'connection'))}
      </>
    ),
  },
  'admin.store.connection.update': {
    label: 'Store connection changed',
    sentence: (w) => {
      const changes = w.record('changes');
      const parts = [
        typeof changes.name === 'string' ? `renamed it ${changes.name}` : null,
        changes.enabled === false ? 'turned it off' : changes.enabled === true ? 'turned it on' : null,
        changes.signingSecret ? 'pasted a new signing secret' : null,
      ].filter(Boolean);
      return (
        <>
          Changed a {storeConnection(w, 'store connection')}
          {parts.length > 0 ? `: ${parts.join(', ')}` : ''}
        </>
      );
    },
  },
  'admin.store.connection.rotate-secret': {
    label: 'Store secret rotated',
    sentence: (w) => (
      <>Made a new signing secret for a {storeConnection(w, 'store connection')}: the old one stopped working</>
    ),
  },
  'admin.store.connection.delete': {
    label: 'Store connection deleted',
    sentence: (w) => (
      <>
        Deleted the {w.text('provider') ?? ''} store connection {w.name(w.text('name'), '')}
      </>
    ),
  },
  'admin.store.product.create': {
    label: 'Store product mapped',
    sentence: (w) => (
      <>
        Mapped the store product {w.name(w.text('externalId'))} to{' '}
        {storeConnection(w, w.name(w.text('name'), 'a product'))}
      </>
    ),
  },
  'admin.store.product.update': {
    label: 'Store mapping changed',
    sentence: (w) => <>Changed the mapping of the store product {storeConnection(w, w.name(w.text('externalId')))}</>,
  },
  'admin.store.product.delete': {
    label: 'Store mapping deleted',
    sentence: (w) => <>Deleted the mapping of the store product {w.name(w.text('externalId'))}</>,
  },
  'admin.store.order.email': {
    label: 'Order email resent',
    sentence: (w) => <>Sent the email of {storeOrderOf(w)} to its buyer again</>,
  },
  'admin.store.order.link': {
    label: 'Order page link made',
    sentence: (w) => <>Made a link to the buyer’s page of {storeOrderOf(w)} (it shows the order’s keys)</>,
  },
  'store.order.fulfil': {
    label: 'Order fulfilled',
    sentence: (w) => (
      <>
        Order {order(w)} paid: made {orderKeys(w)}
      </>
    ),
  },
  'store.order.refund': {
    label: 'Order refunded',
    sentence: (w) => (
      <>
        Order {order(w)} refunded: banned {orderKeys(w)}
      </>
    ),
  },
  'store.order.chargeback': {
    label: 'Order charged back',
    sentence: (w) => (
      <>
        Chargeback on order {order(w)}: banned {orderKeys(w)}
      </>
    ),
  },
  'store.order.renew': {
    label: 'Order renewed',
    sentence: (w) => (
      <>
        Order {order(w)} renewed: {orderKeys(w)} run until {w.date('expiresAt', 'a new date')}
      </>
    ),
  },
  'store.order.cancel': {
    label: 'Order cancelled',
    sentence: (w) => (
      <>
        Order {order(w)} cancelled: {orderKeys(w)} end {w.date('endsAt', 'at the period end')}
      </>
    ),
  },
};

const JOB_LOG_TYPES = Object.fromEntries(
  (Object.keys(JOB_WORDS) as JobType[]).map((type) => [
    `admin.job.${type}`,
    { label: JOB_WORDS[type].label, sentence: jobSentence(type) },
  ]),
) as Record<`admin.job.${JobType}`, LogType>;

export const LOG_TYPES: Record<AuditType, LogType> = {
  'client.register': {
    label: 'Registration',
    sentence: authSentence(
      (w) => <>Registered as {w.caller()} and signed in</>,
      (w) => <>Registration as {w.name(w.entry.actor)}</>,
    ),
  },
  'client.login': {
    label: 'Sign-in with a password',
    sentence: authSentence(
      (w) => <>Signed in as {w.caller()}</>,
      (w) => <>Sign-in as {w.name(w.entry.actor)}</>,
    ),
  },
  'client.license': {
    label: 'Sign-in with a key',
    sentence: authSentence(
      (w) => (
        <>
          Signed in with key {w.key(w.entry.actor)} as {w.user(undefined, 'its user')}
        </>
      ),
      (w) => <>Key {w.key(w.entry.actor)}</>,
    ),
  },
  'client.upgrade': {
    label: 'Upgrade with a key',
    sentence: authSentence(
      (w) => <>Upgraded {w.caller()} with a new key</>,
      (w) => <>Upgrade of {w.name(w.entry.actor)}</>,
    ),
  },
  'client.log': {
    label: 'Message from your software',
    sentence: (w) => (
      <>
        {w.caller()}’s software sent: <q className="log-message">{w.text('message') ?? ''}</q>
      </>
    ),
  },

  'portal.sign-in': {
    label: 'Customer page sign-in',
    sentence: authSentence(
      (w) => <>Signed in to the customer page ({PORTAL_METHOD_WORDS[w.text('method') ?? ''] ?? 'customer'})</>,
      (w) => <>Customer page sign-in ({PORTAL_METHOD_WORDS[w.text('method') ?? ''] ?? 'customer'})</>,
    ),
  },
  'portal.email-code': {
    label: 'Customer page code sent',
    sentence: (w) => <>Asked for a sign-in code by email at {w.name(w.entry.actor)}</>,
  },
  'portal.hwid-reset': {
    label: 'HWID reset by the customer',
    sentence: (w) => (
      <>
        Reset the HWID of user {w.user()} on the customer page
        {w.count('sessionsEnded') ? `, ending ${plural(w.count('sessionsEnded') ?? 0, 'session')}` : ''}
      </>
    ),
  },
  'portal.download': {
    label: 'Customer page download',
    sentence: (w) => (
      <>
        Took a download link for <FilesLink appId={w.appId}>{w.text('name') ?? 'a file'}</FilesLink> on the customer
        page
      </>
    ),
  },

  'admin.license.generate': {
    label: 'Keys generated',
    sentence: (w) => {
      const count = w.count('count') ?? w.list('licenseIds').length;
      const duration = DURATION_LABELS[w.text('durationType') as keyof typeof DURATION_LABELS];
      const spent = w.count('creditsSpent');
      return (
        <>
          Generated <LicensesLink appId={w.appId}>{plural(count, 'key')}</LicensesLink>
          {duration ? ` of ${duration.toLowerCase()}` : ''}
          {spent ? `, spending ${plural(spent, 'credit')}` : ''}
        </>
      );
    },
  },
  'admin.license.update': {
    label: 'Key changed',
    sentence: (w) => (
      <>
        Changed key {w.key()}: {changesWords(w.record('changes'))}
      </>
    ),
  },
  'admin.license.ban': {
    label: 'Key banned',
    sentence: (w) => (
      <>
        Banned key {w.key()}
        {reason(w)}
      </>
    ),
  },
  'admin.license.unban': { label: 'Key unbanned', sentence: (w) => <>Lifted the ban on key {w.key()}</> },
  'admin.license.delete': {
    label: 'Key deleted',
    sentence: (w) => (
      <>
        Deleted key {w.name(w.text('key'), 'a key')}
        {w.count('creditsRefunded') ? `, refunding ${plural(w.count('creditsRefunded')!, 'credit')}` : ''}
      </>
    ),
  },

  'admin.user.create': {
    label: 'User created',
    sentence: (w) => (
      <>
        Created user {w.user()}
        {w.count('level') !== undefined ? `, level ${w.count('level')}` : ''}, expiring {w.date('expiresAt')}
      </>
    ),
  },
  'admin.user.delete': { label: 'User deleted', sentence: (w) => <>Deleted user {w.name(w.text('username'))}</> },
  'admin.user.ban': {
    label: 'User banned',
    sentence: (w) => (
      <>
        Banned user {w.user()}
        {reason(w)}
        {sessionsEnded(w)}
      </>
    ),
  },
  'admin.user.unban': { label: 'User unbanned', sentence: (w) => <>Lifted the ban on user {w.user()}</> },
  'admin.user.rename': {
    label: 'User renamed',
    // Renames by the username-keys migration recorded previousUsername and username.
    sentence: (w) => (
      <>
        Renamed user {w.name(w.text('from') ?? w.text('previousUsername'))} to{' '}
        {w.user(w.text('to') ?? w.text('username'))}
        {reason(w)}
        {sessionsEnded(w)}
      </>
    ),
  },
  'admin.user.extend': {
    label: 'User’s time extended',
    sentence: (w) => (
      <>
        Added {plural(w.count('days') ?? 0, 'day')} to user {w.user()}: expires {w.date('expiresAt')} (was{' '}
        {w.date('previousExpiresAt')})
      </>
    ),
  },
  'admin.user.set-expiry': {
    label: 'User’s expiry set',
    sentence: (w) => (
      <>
        Set user {w.user()} to expire {w.date('expiresAt')} (was {w.date('previousExpiresAt')})
      </>
    ),
  },
  'admin.user.reset-hwid': {
    label: 'User’s HWID reset',
    sentence: (w) => (
      <>
        Reset the HWID of user {w.user()}
        {w.text('previousHwid') ? <> (was {w.name(w.text('previousHwid'))})</> : null}
      </>
    ),
  },
  'admin.user.sessions.end': {
    label: 'User’s sessions ended',
    sentence: (w) => (
      <>
        Ended {plural(w.count('ended') ?? 0, 'session')} of user {w.user()}
      </>
    ),
  },
  'admin.user.variable.set': {
    label: 'User variable set',
    sentence: (w) => (
      <>
        {w.entry.details.created === true ? 'Created' : 'Changed'} variable {w.name(w.text('key'))} of {w.user()}
      </>
    ),
  },
  'admin.user.variable.delete': {
    label: 'User variable deleted',
    sentence: (w) => (
      <>
        Deleted variable {w.name(w.text('key'))} of {w.user()}
      </>
    ),
  },
  'admin.session.end': { label: 'Session ended', sentence: (w) => <>Ended a session of {w.user()}</> },

  'admin.variable.create': { label: 'Variable created', sentence: (w) => <>Created variable {variable(w)}</> },
  'admin.variable.update': {
    label: 'Variable changed',
    sentence: (w) => (
      <>
        Changed the {joined(w.list('changed').map(fieldWords)) || 'value'} of variable {variable(w)}
      </>
    ),
  },
  'admin.variable.delete': { label: 'Variable deleted', sentence: (w) => <>Deleted variable {variable(w)}</> },

  'admin.blacklist.create': {
    label: 'Blocked',
    sentence: (w) => (
      <>
        Blocked {blacklistValue(w)}
        {reason(w)}
        {sessionsEnded(w)}
      </>
    ),
  },
  'admin.blacklist.delete': { label: 'Unblocked', sentence: (w) => <>Unblocked {blacklistValue(w)}</> },

  'admin.file.create': {
    label: 'File uploaded',
    sentence: (w) => (
      <>
        Uploaded file <FilesLink appId={w.appId}>{w.name(w.text('name'), 'a file')}</FilesLink>
        {w.count('size') !== undefined ? ` (${formatBytes(w.count('size')!)})` : ''}
      </>
    ),
  },
  'admin.file.update': {
    label: 'File changed',
    sentence: (w) => (
      <>
        Changed the {joined(w.list('changed').map(fieldWords)) || 'settings'} of a{' '}
        <FilesLink appId={w.appId}>file</FilesLink>
      </>
    ),
  },
  'admin.file.replace': {
    label: 'File replaced',
    sentence: (w) => (
      <>
        Replaced the content of a <FilesLink appId={w.appId}>file</FilesLink>
        {w.count('size') !== undefined ? ` (now ${formatBytes(w.count('size')!)})` : ''}
      </>
    ),
  },
  'admin.file.delete': { label: 'File deleted', sentence: (w) => <>Deleted file {w.name(w.text('name'), 'a file')}</> },

  'admin.webhook.create': {
    label: 'Webhook added',
    sentence: (w) => (
      <>
        Added webhook {webhook(w)} for {plural(w.list('events').length, 'event')}
      </>
    ),
  },
  'admin.webhook.update': {
    label: 'Webhook changed',
    sentence: (w) => {
      const { webhookId: _webhookId, url, ...changes } = w.entry.details;
      return (
        <>
          Changed webhook {webhook(w)}
          {Object.keys(changes).length > 0 || url !== undefined
            ? `: ${changesWords({ ...(url !== undefined ? { url } : {}), ...changes })}`
            : ''}
        </>
      );
    },
  },
  'admin.webhook.delete': { label: 'Webhook deleted', sentence: (w) => <>Deleted webhook {w.name(w.text('url'))}</> },
  'admin.webhook.test': { label: 'Webhook tested', sentence: (w) => <>Sent a test delivery to {webhook(w)}</> },
  'admin.webhook.retry': {
    label: 'Webhook delivery retried',
    sentence: (w) => <>Retried a delivery to {webhook(w)}</>,
  },

  'admin.reseller.create': {
    label: 'Reseller added',
    sentence: (w) => (
      <>
        Added reseller {reseller(w)} with {plural(w.count('credits') ?? 0, 'credit')}
      </>
    ),
  },
  'admin.reseller.update': {
    label: 'Reseller changed',
    sentence: (w) => (
      <>
        Changed reseller {reseller(w)}: {changesWords(w.record('changes'))}
      </>
    ),
  },
  'admin.reseller.credits': {
    label: 'Reseller credits adjusted',
    sentence: (w) => {
      const amount = w.count('amount') ?? 0;
      return (
        <>
          {amount >= 0 ? 'Gave' : 'Took'} {plural(Math.abs(amount), 'credit')} {amount >= 0 ? 'to' : 'from'} reseller{' '}
          {reseller(w)}, balance {formatNumber(w.count('balanceAfter') ?? 0)}
          {w.text('note') ? `: “${w.text('note')}”` : ''}
        </>
      );
    },
  },
  'admin.reseller.disable': { label: 'Reseller disabled', sentence: (w) => <>Disabled reseller {reseller(w)}</> },

  'admin.keyauth.update': {
    label: 'KeyAuth settings changed',
    sentence: (w) => (
      <>
        Changed the <SettingsLink appId={w.appId}>KeyAuth settings</SettingsLink>: {changesWords(w.record('changes'))}
      </>
    ),
  },
  'admin.keyauth.secret.set': {
    label: 'KeyAuth secret set',
    sentence: (w) => (
      <>{w.entry.details.generated === true ? 'Generated a new KeyAuth 1.2 secret' : 'Set the KeyAuth 1.2 secret'}</>
    ),
  },
  'admin.keyauth.secret.reveal': {
    label: 'KeyAuth secret revealed',
    sentence: () => 'Revealed the KeyAuth 1.2 secret',
  },
  'admin.keyauth.messages.update': {
    label: 'KeyAuth messages changed',
    sentence: () => 'Changed the messages KeyAuth clients are answered',
  },
  'admin.keyauth.seller-key.create': {
    label: 'Seller key created',
    sentence: () => 'Created the seller API key',
  },
  'admin.keyauth.seller-key.rotate': {
    label: 'Seller key rotated',
    sentence: () => 'Rotated the seller API key: the old one stopped working',
  },
  'admin.keyauth.seller-key.revoke': {
    label: 'Seller key revoked',
    sentence: () => 'Revoked the seller API key',
  },

  'admin.app.create': { label: 'App created', sentence: (w) => <>Created the app {w.name(w.text('name'), '')}</> },
  'admin.app.update': {
    label: 'App settings changed',
    sentence: (w) => (
      <>
        Changed the app’s <SettingsLink appId={w.appId}>settings</SettingsLink>: {changesWords(w.record('changes'))}
      </>
    ),
  },
  'admin.portal.update': {
    label: 'Customer page settings changed',
    sentence: (w) => (
      <>
        Changed the customer page’s <SettingsLink appId={w.appId}>settings</SettingsLink>:{' '}
        {w.list('changed').join(', ')}
      </>
    ),
  },
  'admin.app.rotate-api-key': { label: 'API key rotated', sentence: () => 'Rotated the app’s API key' },
  'admin.app.delete': { label: 'App deleted', sentence: (w) => <>Deleted the app {w.name(w.text('name'), '')}</> },

  'admin.job.cancel': {
    label: 'Bulk action cancelled',
    sentence: (w) => {
      const jobType = w.text('jobType') as JobType | undefined;
      const words = jobType ? JOB_WORDS[jobType] : undefined;
      return (
        <>
          Asked the bulk action{' '}
          <JobLink appId={w.appId} jobId={w.text('jobId')} keyAuth={jobType?.startsWith('keyauth.') ?? false}>
            {words ? `“${words.label}”` : 'a bulk action'}
          </JobLink>{' '}
          to stop
        </>
      );
    },
  },
  ...JOB_LOG_TYPES,
  ...SELLER_LOG_TYPES,
  ...STORE_LOG_TYPES,

  'admin.token.create': {
    label: 'Access token created',
    sentence: (w) => <>Created the access token {w.name(w.text('name'), '')}</>,
  },
  'admin.token.revoke': { label: 'Access token revoked', sentence: () => 'Revoked an access token' },
  'admin.passkey.register': {
    label: 'Passkey added',
    sentence: (w) => <>Added the passkey {w.name(w.text('name'))}</>,
  },
  'admin.passkey.rename': {
    label: 'Passkey renamed',
    sentence: (w) => <>Renamed a passkey to {w.name(w.text('name'))}</>,
  },
  'admin.passkey.remove': {
    label: 'Passkey removed',
    sentence: (w) => <>Removed the passkey {w.name(w.text('name'))}</>,
  },
  'admin.account.password': { label: 'Password changed', sentence: () => 'Changed their password' },

  'member.invited': {
    label: 'Member invited',
    sentence: (w) => (
      <>
        Invited a new <MembersLink appId={w.appId}>member</MembersLink> as {w.text('role') ?? 'member'}, until{' '}
        {w.date('expiresAt')}
      </>
    ),
  },
  'member.joined': {
    label: 'Member joined',
    sentence: (w) => (
      <>
        Joined the <MembersLink appId={w.appId}>team</MembersLink> as {w.text('role') ?? 'member'}
      </>
    ),
  },
  'member.role_changed': {
    label: 'Member’s role changed',
    sentence: (w) => (
      <>
        Changed the role of <MembersLink appId={w.appId}>{w.text('email') ?? 'a member'}</MembersLink> from{' '}
        {w.text('from')} to {w.text('to')}
      </>
    ),
  },
  'member.removed': {
    label: 'Member removed',
    sentence: (w) =>
      w.entry.details.leaving === true ? (
        <>Left the team</>
      ) : (
        <>
          Removed <MembersLink appId={w.appId}>{w.text('email') ?? 'a member'}</MembersLink> ({w.text('role')}) from the
          team
        </>
      ),
  },
  'invitation.revoked': {
    label: 'Invitation revoked',
    sentence: (w) => (
      <>
        Revoked an <MembersLink appId={w.appId}>invitation</MembersLink> as {w.text('role') ?? 'member'}
      </>
    ),
  },
};

const KNOWN_TYPES: ReadonlySet<string> = new Set(AUDIT_TYPES);

export function isKnownType(type: string): type is AuditType {
  return KNOWN_TYPES.has(type);
}

/** A type this console has no words for: "admin.thing.do-it" → "Thing do it". */
function fallbackLabel(type: string): string {
  const words = type.split('.').slice(1).join(' ').replace(/[-_]/g, ' ') || type;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function logLabel(type: string): string {
  return isKnownType(type) ? LOG_TYPES[type].label : fallbackLabel(type);
}

/** The details of an entry of a type this console does not know, as "name value" pairs. */
function GenericDetails({ details }: { details: Record<string, unknown> }) {
  const { outcome: _outcome, reason, ...rest } = details;
  return (
    <>
      {typeof reason === 'string' ? `Refused: ${reason}. ` : null}
      {Object.entries(rest).map(([name, value], index) => (
        <Fragment key={name}>
          {index > 0 ? ', ' : null}
          {fieldWords(name)} <span className="log-value">{valueWords(value)}</span>
        </Fragment>
      ))}
    </>
  );
}

/** The entry as a sentence; a sentence that cannot read its details falls back to them as pairs. */
export function LogSentence({ appId, entry }: { appId: string; entry: AuditEntry }) {
  if (!isKnownType(entry.type)) return <GenericDetails details={entry.details} />;
  try {
    return <>{LOG_TYPES[entry.type].sentence(new EntryWords(appId, entry))}</>;
  } catch {
    return <GenericDetails details={entry.details} />;
  }
}

/**
 * The Type filter's groups: a prefix the API filters by (none when a group is
 * one type) and the types under it. Changes outside any app (tokens,
 * passkeys, the password, a deleted app) are never listed under one, so
 * they are not offered.
 */
export const LOG_TYPE_GROUPS: ReadonlyArray<{ prefix?: string; label: string; types: readonly AuditType[] }> = [
  { prefix: 'client', label: 'Your software: every call', types: groupTypes('client.') },
  { prefix: 'portal', label: 'Customer page: every action', types: groupTypes('portal.') },
  { prefix: 'admin.license', label: 'Keys: every change', types: groupTypes('admin.license.') },
  { prefix: 'admin.user', label: 'Users: every change', types: groupTypes('admin.user.') },
  { label: 'Sessions', types: ['admin.session.end'] },
  { prefix: 'admin.job', label: 'Bulk actions: all', types: groupTypes('admin.job.') },
  { prefix: 'admin.variable', label: 'Variables: every change', types: groupTypes('admin.variable.') },
  { prefix: 'admin.blacklist', label: 'Blacklist: every change', types: groupTypes('admin.blacklist.') },
  { prefix: 'admin.file', label: 'Files: every change', types: groupTypes('admin.file.') },
  { prefix: 'admin.webhook', label: 'Webhooks: every change', types: groupTypes('admin.webhook.') },
  { prefix: 'admin.reseller', label: 'Resellers: every change', types: groupTypes('admin.reseller.') },
  {
    prefix: 'admin.app',
    label: 'App settings and keys: every change',
    types: groupTypes('admin.app.').filter((type) => type !== 'admin.app.delete'),
  },
  { prefix: 'admin.keyauth', label: 'KeyAuth: every change', types: groupTypes('admin.keyauth.') },
  { label: 'Customer page settings', types: ['admin.portal.update'] },
  { prefix: 'seller', label: 'Seller API: every call', types: groupTypes('seller.') },
  { prefix: 'admin.store', label: 'Store settings: every change', types: groupTypes('admin.store.') },
  {
    prefix: 'store.order',
    label: 'Store orders: fulfilled, refunded, renewed, cancelled',
    types: groupTypes('store.'),
  },
  {
    prefix: 'member',
    label: 'Members: invited, joined, roles, removed',
    types: [...groupTypes('member.'), 'invitation.revoked'],
  },
];

function groupTypes(prefix: string): AuditType[] {
  return AUDIT_TYPES.filter((type) => type.startsWith(prefix));
}
