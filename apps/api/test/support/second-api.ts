import { afterAll, beforeAll } from '@jest/globals';
import { type RunningApi, startApi, testEnv } from '../../../../scripts/test-service.mjs';

/**
 * A second API process on the shared test database beside global-setup's,
 * started before the enclosing block's tests and stopped after them. The hook
 * fills in `url`.
 */
export function secondApiProcess(): { url: string } {
  const second = { url: '' };
  let api: RunningApi | undefined;
  beforeAll(async () => {
    api = await startApi(testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!));
    second.url = api.url;
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  }, 60_000);
  return second;
}
