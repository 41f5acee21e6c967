import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The data-access shape (docs/data-access.md), checked over the source:
 * SQL text and TypeORM's entity API only in queries files, and each table
 * written only from its owner module.
 */

const modules = join(dirname(fileURLToPath(import.meta.url)), 'modules');
const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|sql)$/.test(file) && !file.endsWith('.spec.ts'))
  .map((file) => ({ file, text: readFileSync(join(modules, file), 'utf8') }));

const SQL_TEXT = /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+(\w+\s+)?SET|DELETE\s+FROM)\b/;
const ENTITY_API =
  /\b(createQueryBuilder|findAndCount|findOneBy|findOneByOrFail|findBy|getRepository|InjectRepository|Brackets)\b|manager\.(update|find|save|create|delete|insert)\(/;

/** Builds the client's open-session prepared statement from the events and audit CTEs at start-up. */
const STATEMENT_BUILDERS = ['sessions/session-opening.ts'];

/** The module that owns each table; only its files write it. */
const OWNERS: Record<string, string> = {
  users: 'users',
  sessions: 'sessions',
  licenses: 'licenses',
  accounts: 'accounts',
  access_tokens: 'accounts',
  account_recovery_codes: 'accounts',
  login_challenges: 'accounts',
  account_sign_ins: 'accounts',
  passkeys: 'passkeys',
  passkey_challenges: 'passkeys',
  apps: 'apps',
  audit_log: 'audit',
  blacklist_entries: 'blacklist',
  events: 'events',
  webhooks: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_delivery_attempts: 'webhooks',
  files: 'files',
  file_contents: 'files',
  file_chunks: 'files',
  file_links: 'files',
  resellers: 'resellers',
  reseller_ledger: 'resellers',
  variables: 'variables',
  user_variables: 'user-variables',
  keyauth_apps: 'keyauth',
  keyauth_seller_keys: 'keyauth',
  jobs: 'jobs',
  job_import_rows: 'jobs',
  app_activity_days: 'stats',
  app_activity_hours: 'stats',
  keyauth_imports: 'keyauth',
  keyauth_import_users: 'keyauth',
  keyauth_import_subscriptions: 'keyauth',
  keyauth_import_keys: 'keyauth',
  app_members: 'members',
  app_invitations: 'members',
  store_connections: 'store',
  store_products: 'store',
  store_orders: 'store',
  store_order_refs: 'store',
  store_order_licenses: 'store',
  store_events: 'store',
};
/**
 * Writes from outside the owner: an event's deliveries are inserted in the
 * statement that records it (events may not depend on webhooks), and
 * open_session, a SQL function of a landed migration, stamps the user's last
 * login as it opens the session.
 */
const FOREIGN_WRITES = [
  { from: 'events/events.queries.ts', table: 'webhook_deliveries' },
  { from: 'sessions/sql/', table: 'users' },
];

const moduleOf = (file: string) => file.split('/')[0]!;

describe('data access', () => {
  it('keeps SQL text and the entity API in queries files', () => {
    const outside = sources
      .filter(({ file }) => file.endsWith('.ts') && !file.endsWith('.queries.ts'))
      .filter(({ file }) => !STATEMENT_BUILDERS.includes(file))
      .filter(({ text }) => SQL_TEXT.test(text) || ENTITY_API.test(text))
      .map(({ file }) => file);
    expect(outside).toEqual([]);
  });

  it('writes each table only from its owner module', () => {
    const foreign: string[] = [];
    for (const { file, text } of sources) {
      for (const [, table] of text.matchAll(/\b(?:INSERT\s+INTO|(?<!FOR\s|DO\s)UPDATE|DELETE\s+FROM)\s+(\w+)/g)) {
        const owner = OWNERS[table!];
        if (owner === moduleOf(file)) continue;
        if (FOREIGN_WRITES.some((allowed) => file.startsWith(allowed.from) && table === allowed.table)) continue;
        foreign.push(`${file} -> ${table} (owner: ${owner ?? 'none yet'})`);
      }
    }
    expect(foreign).toEqual([]);
  });
});
