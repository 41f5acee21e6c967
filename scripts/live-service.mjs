// A real Latchkey on a fresh database with the fixtures every SDK's live tests
// and `pnpm bench:sdk` use: the API built from this checkout, an owner, an app,
// two variables and two files. scripts/with-live-service.mjs lists them.
import { createHash, randomBytes } from 'node:crypto';
import { admin } from './admin-call.mjs';
import { dropDatabase, freshDatabase, startApi, testEnv } from './test-service.mjs';

const FILE_BYTES = 2.5 * 1024 * 1024;

/** A multipart upload through the admin API; the new file's id. */
async function upload(base, token, appId, content, fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(content)]), fields.name);
  const res = await fetch(`${base}/v1/admin/apps/${appId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`upload ${fields.name}: ${res.status} ${JSON.stringify(json)}`);
  return json.data.fileId;
}

async function fixtures(base) {
  const { accessToken } = await admin(base, 'POST', '/v1/admin/auth/signup', undefined, {
    email: 'sdk-live@example.com',
    password: 'sdk live password',
  });
  const app = await admin(base, 'POST', '/v1/admin/apps', accessToken, { name: 'SDK live tests' });
  const appPath = `/v1/admin/apps/${app.appId}`;
  await admin(base, 'PATCH', appPath, accessToken, { rateLimitPerMinute: 0, offlineTicketSeconds: 86_400 });
  await admin(base, 'POST', `${appPath}/variables`, accessToken, { key: 'motd', value: 'hello from latchkey' });
  await admin(base, 'POST', `${appPath}/variables`, accessToken, { key: 'vip', value: 'for level 5', minLevel: 5 });
  const content = randomBytes(FILE_BYTES);
  const fileId = await upload(base, accessToken, app.appId, content, { name: 'payload.bin', minLevel: '1' });
  const vipFileId = await upload(base, accessToken, app.appId, randomBytes(1024), { name: 'vip.bin', minLevel: '5' });
  return {
    LATCHKEY_URL: base,
    LATCHKEY_APP_ID: app.appId,
    LATCHKEY_API_KEY: app.apiKey,
    LATCHKEY_PUBLIC_KEY: app.publicKey,
    LATCHKEY_OWNER_TOKEN: accessToken,
    LATCHKEY_FILE_ID: fileId,
    LATCHKEY_FILE_SHA256: createHash('sha256').update(content).digest('hex'),
    LATCHKEY_FILE_SIZE: String(FILE_BYTES),
    LATCHKEY_VIP_FILE_ID: vipFileId,
  };
}

/**
 * Starts the service on database `database` (created fresh) and sets up the
 * fixtures; `env` holds the LATCHKEY_* variables, `stop` ends the service and
 * drops the database.
 */
export async function startLiveService(database) {
  const databaseUrl = await freshDatabase(database);
  const api = await startApi(testEnv(databaseUrl));
  const stop = async () => {
    await api.stop();
    await dropDatabase(database);
  };
  try {
    return { env: await fixtures(api.url), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
