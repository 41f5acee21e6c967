// `pnpm backup` and `pnpm restore`, run exactly as docs/operations.md "Backups" documents
// them, against a service with stored files (FILE_STORAGE=fs) and a webhook
// delivery still pending when the backup is taken. The restored copy, on a
// fresh database, directory and queue namespace, must answer with the same
// signing key, let the same users in, serve the same files and deliver what
// was pending.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Latchkey } from '@latchkey/sdk';
import {
  dropDatabase,
  startApi,
  startWorker,
  testEnv,
  type RunningApi,
  type RunningProcess,
} from '../../../scripts/test-service.mjs';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { send, sha256Hex, uploadForm } from './support/files.js';
import { http } from './support/http.js';
import { eventually } from './support/eventually.js';
import { WebhookReceiver, WebhookStack, type StackOwner } from './support/webhook-receiver.js';

const run = promisify(execFile);
const repository = path.resolve(process.cwd(), '../..');
const restoredName = `${process.env.LATCHKEY_TEST_DATABASE_NAME ?? 'latchkey_test'}_backup_restored`;

let dir: string;
let receiver: WebhookReceiver;
let source: WebhookStack;
let restoredApi: RunningApi | undefined;
let restoredWorker: RunningProcess | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-backup-spec-'));
  receiver = await WebhookReceiver.start();
  source = await WebhookStack.start('backup_source', {
    FILE_STORAGE: 'fs',
    FILE_STORAGE_DIR: path.join(dir, 'source-files'),
  });
}, 120_000);

afterAll(async () => {
  await restoredApi?.stop();
  await restoredWorker?.stop();
  await source?.stop();
  await receiver?.close();
  await dropDatabase(restoredName);
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

/** `pnpm <args>` from the repository's root, as an operator types it; resolves with its exit code and output. */
async function pnpm(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('pnpm', args, { cwd: repository, env });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('a backup restored into a fresh database', () => {
  it('is documented with the commands this test runs', async () => {
    const operations = await readFile(path.join(repository, 'docs/operations.md'), 'utf8');
    const start = operations.indexOf('\n## Backups\n');
    expect(start).toBeGreaterThanOrEqual(0);
    const end = operations.indexOf('\n## ', start + 1);
    const section = operations.slice(start, end === -1 ? undefined : end);
    expect(section).toContain('pnpm backup --out latchkey.tar');
    expect(section).toMatch(/DATABASE_URL=\S+ FILE_STORAGE_DIR=\S+ pnpm restore latchkey\.tar/);
    expect(section).toContain('--force');
  });

  it('answers signed with the same key, logs users in, serves files and delivers what was pending', async () => {
    const owner: StackOwner = await source.ownerWithApp();
    const app = await source.http('GET', `/v1/admin/apps/${owner.appId}`, { token: owner.token });
    const publicKey: string = app.body.data.publicKey;
    const user = { username: `user_${randomUUID().slice(0, 8)}`, password: 'a long password' };
    const created = await source.http('POST', `/v1/admin/apps/${owner.appId}/users`, {
      token: owner.token,
      body: user,
    });
    expect(created.status).toBe(201);
    // Three records of the at-rest cipher (1 MiB each), the last one short.
    const content = randomBytes(2 * 1024 * 1024 + 12_345);
    const uploaded = await send(
      source.api.url,
      'POST',
      `/v1/admin/apps/${owner.appId}/files`,
      owner.token,
      uploadForm(content, { name: 'app.bin' }),
    );
    expect(uploaded.status).toBe(201);
    const fileId: string = uploaded.body.data.fileId;

    // No worker runs while the delivery is recorded: it is pending in the database when the backup is taken.
    const webhook = await source.createWebhook(owner, { url: receiver.url(), events: ['user.login'] });
    await source.killWorker();
    const deliveryId = await source.sendTest(owner, webhook.id);

    const archive = path.join(dir, 'latchkey.tar');
    const backup = await pnpm(['backup', '--out', archive], source.env);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toContain('MASTER_KEY IS NOT IN THIS ARCHIVE');
    const manifest = JSON.parse((await run('tar', ['-xOf', archive, 'manifest.json'])).stdout);
    expect(manifest).toMatchObject({
      migrations: { count: MIGRATIONS.length },
      files: { storage: 'fs', count: 1 },
    });
    expect((await readFile(archive)).includes(source.env.MASTER_KEY!)).toBe(false);

    const restoredEnv = testEnv(`postgres://postgres@127.0.0.1:5432/${restoredName}`, {
      FILE_STORAGE: 'fs',
      FILE_STORAGE_DIR: path.join(dir, 'restored-files'),
      QUEUE_PREFIX: `${restoredName}-${randomUUID().slice(0, 8)}`,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SWEEP_INTERVAL_MS: '500',
      LOG_LEVEL: 'info',
    });
    await dropDatabase(restoredName);
    expect(await pnpm(['restore', archive], restoredEnv)).toMatchObject({ code: 0 });
    // A second restore over the first is refused, and goes through with --force.
    const refused = await pnpm(['restore', archive], restoredEnv);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('or add --force');
    expect(await pnpm(['restore', archive, '--force'], restoredEnv)).toMatchObject({ code: 0 });

    restoredApi = await startApi(restoredEnv);
    restoredWorker = await startWorker(restoredEnv);

    // Signed answers, checked by the SDK with the public key the app had before the backup.
    const lk = new Latchkey({ url: restoredApi.url, appId: owner.appId, apiKey: owner.apiKey, publicKey });
    await lk.init();
    const session = await lk.login(user.username, user.password);
    expect(session.user.username).toBe(user.username);
    const signIn = await http('POST', '/v1/admin/auth/login', {
      baseUrl: restoredApi.url,
      body: { email: owner.email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(200);

    // The encrypted file, decrypted under the restored wrapped key and checked end to end by the SDK.
    const target = path.join(dir, 'downloaded.bin');
    expect(await lk.file(fileId, target)).toMatchObject({ sha256: sha256Hex(content), size: content.length });
    expect(sha256Hex(await readFile(target))).toBe(sha256Hex(content));

    // The pending delivery reaches the receiver from the restored worker, with its original id.
    const [delivered] = await eventually(
      () => (receiver.to(webhook.url).length > 0 ? receiver.to(webhook.url) : undefined),
      {
        timeoutMs: 30_000,
        what: 'the pending delivery from the restored copy',
      },
    );
    expect(delivered!.headers['webhook-id']).toBe(deliveryId);
  }, 180_000);
});
