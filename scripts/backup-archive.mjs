// What `pnpm backup` and `pnpm restore` share: the service's own settings
// (environment, then .env), PostgreSQL connections that keep the password out
// of command lines, the client tools' versions, and the archive's layout.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const run = promisify(execFile);

/** Archive layout: a tar holding these. */
export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.dump';
export const FILES_DIR = 'files';
export const ARCHIVE_FORMAT = 1;
/** The names the fs store gives content files (apps/api/src/modules/files/storage/fs-file-store.ts). */
export const CONTENT_FILE_NAME = /^[0-9a-f-]{36}$/;

export const MASTER_KEY_REMINDER = [
  '!!! MASTER_KEY IS NOT IN THIS ARCHIVE, AND NEVER WILL BE.',
  '!!! It decrypts every signing key and file in it: without it the backup is useless.',
  '!!! Keep it separately (a password manager, a secrets store), never next to the archive.',
].join('\n');

/** The service's settings: the environment wins over .env, as with `npm start`. */
export function serviceSettings() {
  const file = path.join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
  const storage = process.env.FILE_STORAGE || 'postgres';
  return {
    databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/latchkey',
    fileStorage: storage,
    fileStorageDir:
      storage === 'fs' && process.env.FILE_STORAGE_DIR ? path.resolve(process.env.FILE_STORAGE_DIR) : null,
  };
}

/**
 * A connection string without its password, and an environment carrying it
 * as PGPASSWORD: pg_dump and pg_restore never show it in the process list.
 */
export function clientConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
    /** For messages: host, port and database, no credentials. */
    label: `${url.hostname}:${url.port || 5432}${url.pathname}`,
  };
}

/** Runs `use` with a connection to `connectionString`, closed afterwards whatever happens. */
export async function withDatabase(connectionString, use) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The major version of a PostgreSQL client tool (`pg_dump (PostgreSQL) 15.20 ...` -> 15). */
export async function toolMajor(tool) {
  const { stdout } = await run(tool, ['--version']);
  const match = stdout.match(/\(PostgreSQL\) (\d+)/);
  if (!match) throw new Error(`cannot read the version of ${tool}: ${stdout.trim()}`);
  return { major: Number(match[1]), version: stdout.trim() };
}

export async function sha256File(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

export function say(line) {
  process.stdout.write(`${line}\n`);
}

/** On stderr, so it shows even when the output is piped to a log. */
export function remindOfMasterKey() {
  console.warn(MASTER_KEY_REMINDER);
}

/** A refusal with a message for the operator: thrown by `fail`, printed by `runCommand` without a stack. */
class Refusal extends Error {}

export function fail(message) {
  throw new Refusal(message);
}

/** Runs a command's body; a refusal prints one line and sets exit status 1, after the body's own cleanup. */
export async function runCommand(body) {
  try {
    await body();
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    console.error(`error: ${err.message}`);
    process.exitCode = 1;
  }
}
