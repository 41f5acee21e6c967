// examples/cli against the started service: the program a vendor would ship,
// using only the SDK, logs in with a key and prints level, expiry, a variable
// and a downloaded file.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL } from './support/api.js';
import { createApp, createLicense, ownerWithApp } from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { send, sha256Hex, uploadForm } from './support/files.js';

const cli = fileURLToPath(new URL('../../../examples/cli/cli.mjs', import.meta.url));
const { owner, app } = ownerWithApp();

beforeAll(async () => {
  await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
    token: owner.token,
    body: { key: 'motd', value: 'hi there' },
  });
});
afterAll(closeDb);

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          LATCHKEY_URL: BASE_URL,
          LATCHKEY_APP_ID: app.appId,
          LATCHKEY_API_KEY: app.apiKey,
          LATCHKEY_PUBLIC_KEY: app.publicKey,
          ...env,
        },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('examples/cli', () => {
  it('logs in with a key and prints the level, the expiry and a variable', async () => {
    const key = await createLicense(owner, app, { level: 3, durationType: '30d' });
    const res = await run(['--key', key.key, '--var', 'motd', '--hwid', 'cli-test-machine']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe('level: 3');
    expect(lines[1]).toMatch(/^expires: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines[2]).toBe('motd: hi there');
  });

  it('downloads a file, end-to-end encrypted', async () => {
    const content = randomBytes(100_000);
    const uploaded = await send(
      BASE_URL,
      'POST',
      `/v1/admin/apps/${app.appId}/files`,
      owner.token,
      uploadForm(content, { name: 'tool.bin' }),
    );
    expect(uploaded.status).toBe(201);
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'latchkey-cli-')), 'tool.bin');
    const key = await createLicense(owner, app);
    const res = await run(['--key', key.key, '--file', uploaded.body.data.fileId, '--out', out, '--hwid', 'cli-2']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout).toContain(`downloaded: tool.bin (100000 bytes, sha256 ${sha256Hex(content)}) to ${out}`);
    expect(readFileSync(out).equals(content)).toBe(true);
  });

  it('exits 1 with the code when the service refuses, and 2 on bad usage', async () => {
    const key = await createLicense(owner, app);
    await http('POST', `/v1/admin/apps/${app.appId}/licenses/${key.id}/ban`, { token: owner.token, body: {} });
    expect(await run(['--key', key.key, '--hwid', 'cli-3'])).toMatchObject({
      code: 1,
      stderr: 'error LICENSE_BANNED: License is banned\n',
    });
    const other = await createApp(owner);
    expect(await run(['--key', key.key, '--hwid', 'cli-3'], { LATCHKEY_PUBLIC_KEY: other.publicKey })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error SIGNATURE_INVALID: /),
    });
    expect((await run([])).code).toBe(2);
  });
});
