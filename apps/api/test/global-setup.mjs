// One fresh database per test run, migrated by the real API process, which
// every e2e spec then talks to over HTTP.
import { freshDatabase, startApi, testEnv } from '../../../scripts/test-service.mjs';

export default async function globalSetup() {
  const name = process.env.TEST_DATABASE_NAME || 'latchkey_test';
  // The prefix of the databases specs' own service stacks make (test/support/service-stack.ts).
  process.env.LATCHKEY_TEST_DATABASE_NAME = name;
  // Specs that start only services of their own (scripts/run.mjs's waiting specs) need no shared API.
  if (process.env.LATCHKEY_TEST_SHARED_API === 'none') return;
  const databaseUrl = await freshDatabase(name);
  const env = testEnv(databaseUrl);
  const api = await startApi(env);
  globalThis.__latchkeyApi = api;
  process.env.LATCHKEY_TEST_URL = api.url;
  process.env.LATCHKEY_TEST_DATABASE_URL = databaseUrl;
}
