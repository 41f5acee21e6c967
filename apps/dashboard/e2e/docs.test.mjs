// The OpenAPI UI at /docs under the same Content-Security-Policy as the
// dashboard's pages (issue 23): it must still render, with nothing blocked.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startHarness } from './harness.mjs';

let harness;

beforeAll(async () => {
  harness = await startHarness('docs');
}, 120_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

test('/docs carries the pages CSP and Swagger UI renders the API under it', async () => {
  const page = await harness.browser.newPage();
  const refused = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
  });
  const response = await page.goto(`${harness.url}/docs`);
  const csp = response.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  await page
    .getByRole('heading', { name: /Latchkey/ })
    .first()
    .waitFor();
  // An operation of the first tag: Swagger UI ran under the CSP. (Since the store's routes joined the
  // document, the UI renders only its first tag: an open bug, docs/decisions/store.md.)
  await page.getByText('/v1/admin/auth/signup', { exact: true }).first().waitFor();
  expect(refused).toEqual([]);
  await page.close();
});
