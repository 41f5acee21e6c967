// KeyAuth's PHP client (issue 40): it posts each call's fields as a PHP array with curl, which
// sends multipart/form-data. support/keyauth-php-client.php sends exactly that from Debian's
// php-cli and checks every signature with sodium, as the official client does.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createApp, createLicense, patchApp, signupOwner } from './factories/index.js';
import { closeDb } from './support/db.js';
import { BASE_URL, http } from './support/http.js';
import { enableKeyAuth } from './support/keyauth.js';

const PHP_CLIENT = fileURLToPath(new URL('./support/keyauth-php-client.php', import.meta.url));

interface PhpCall {
  type: string;
  status: number;
  contentType: string | null;
  verified: boolean;
  answer: Record<string, any> | string;
}

let calls: PhpCall[];

beforeAll(async () => {
  const owner = await signupOwner();
  const app = await createApp(owner, { name: 'PHP client' });
  expect((await patchApp(owner, app, { rateLimitPerMinute: 0 })).status).toBe(200);
  const keyauth = await enableKeyAuth(owner, app);
  const variable = await http('POST', `/v1/admin/apps/${app.appId}/variables`, {
    token: owner.token,
    body: { key: 'motd', value: 'hello from latchkey' },
  });
  expect(variable.status).toBe(201);
  const license = await createLicense(owner, app);
  const { stdout } = await promisify(execFile)('php', [PHP_CLIENT], {
    env: {
      ...process.env,
      KA_URL: `${BASE_URL}/api/1.3/`,
      KA_NAME: keyauth.name,
      KA_OWNERID: keyauth.ownerId,
      KA_PUBLIC_KEY_HEX: keyauth.publicKeyHex,
      KA_KEY: license.key,
    },
  });
  calls = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as PhpCall);
});
afterAll(closeDb);

describe("KeyAuth's PHP client, posting arrays with curl", () => {
  it('gets every answer as JSON, signed with the app key', () => {
    expect(calls.map((call) => call.type)).toEqual([
      'init',
      'license',
      'var',
      'setvar',
      'getvar',
      'check',
      'log',
      'logout',
      'check',
    ]);
    for (const call of calls) {
      expect([call.type, call.status, call.verified, call.contentType]).toEqual([
        call.type,
        200,
        true,
        'application/json; charset=utf-8',
      ]);
    }
  });

  it('initializes, activates its key, reads and writes variables, logs and logs out', () => {
    const answers = calls.map((call) => call.answer as Record<string, any>);
    expect(answers.map((answer) => [answer.success, answer.message])).toEqual([
      [true, 'Initialized'],
      [true, 'Logged in!'],
      [true, 'hello from latchkey'],
      [true, 'Successfully set variable'],
      [true, 'Successfully retrieved variable'],
      [true, 'Session is validated.'],
      [true, 'Log sent'],
      [true, 'Successfully logged out.'],
      [false, 'Session not found. Use latest client.'],
    ]);
    expect(answers[4]!.response).toBe('blue');
    expect(answers[1]!.info.subscriptions[0].key).toBe(answers[1]!.info.username);
  });
});
