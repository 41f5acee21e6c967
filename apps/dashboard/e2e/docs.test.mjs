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
  await page.getByText('/v1/admin/auth/signup', { exact: true }).first().waitFor();
  // Past 150 tags and operations Swagger UI renders only those near the viewport:
  // a later tag's operation and the last tag's appear as the page scrolls to them.
  for (const path of ['/v1/admin/apps', '/v1']) {
    const operation = page.locator(`.opblock-summary-path[data-path="${path}"]`).first();
    await scrollUntilRendered(page, operation);
    expect(await operation.isVisible()).toBe(true);
  }
  expect(refused).toEqual([]);
  await page.close();
});

/** Scrolls down a screen at a time until `locator` is rendered, or the page ends. */
async function scrollUntilRendered(page, locator) {
  for (let screens = 0; screens < 200; screens += 1) {
    if ((await locator.count()) > 0) return;
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    // Swagger UI measures and renders the rows now in view on the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (atEnd && (await locator.count()) === 0) break;
  }
  await locator.waitFor();
}
