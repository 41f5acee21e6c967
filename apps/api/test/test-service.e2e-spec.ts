// The harness that starts API processes for the e2e specs (scripts/test-service.mjs)
// must hand back the API it started and nothing else. A spec once got another
// spec's webhook receiver, which had taken the API's port: it answered /health
// with 200 and every later call with a body that was not JSON.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { freePort, startApi, testEnv } from '../../../scripts/test-service.mjs';

describe('test harness: startApi', () => {
  let impostor: Server;
  let takenPort: number;

  beforeAll(async () => {
    takenPort = await freePort();
    // Answers 200 to anything, as a webhook receiver does.
    impostor = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => impostor.listen(takenPort, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => impostor.close(resolve)));

  it('does not take a 200 from another server on its port for the API', async () => {
    const env = testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!);
    await expect(startApi(env, { port: takenPort })).rejects.toThrow(/EADDRINUSE/);
  });

  it('hands out ports below the ephemeral range, where port-0 servers cannot land', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
  });
});
