// `pnpm backup [--out FILE]`: one tar of the database (pg_dump custom format),
// the encrypted file contents when FILE_STORAGE=fs, and a manifest. Never
// MASTER_KEY. See docs/operations.md "Backups" and docs/decisions/operations.md "Backups".
//
// Consistency: pg_dump reads a snapshot exported by a transaction this script
// holds open; the list of contents to copy comes from that same snapshot. The
// fs store writes a content file before the row that points at it and removes
// it only after that row is gone, so every content the snapshot refers to was
// complete on disk when the snapshot was taken. Copying after the dump can
// only miss a content deleted since; the copy is then checked against the
// snapshot and the whole backup taken again.
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ARCHIVE_FORMAT,
  DATABASE_DUMP,
  FILES_DIR,
  MANIFEST,
  remindOfMasterKey,
  say,
  clientConnection,
  fail,
  root,
  run,
  serviceSettings,
  sha256File,
  runCommand,
  toolMajor,
  withDatabase,
} from './backup-archive.mjs';

const ATTEMPTS = 3;

const { values: options } = parseArgs({ options: { out: { type: 'string' } } });
const settings = serviceSettings();
const out = path.resolve(options.out ?? path.join(root, 'backups', `latchkey-${stamp(new Date())}.tar`));
const connection = clientConnection(settings.databaseUrl);

await runCommand(async () => {
  if (settings.fileStorage === 'fs' && !settings.fileStorageDir) fail('FILE_STORAGE=fs needs FILE_STORAGE_DIR');
  const versions = await checkDumpTool();
  const work = await mkdtemp(path.join(os.tmpdir(), 'latchkey-backup-'));
  try {
    let manifest = null;
    for (let attempt = 1; !manifest && attempt <= ATTEMPTS; attempt += 1) manifest = await snapshot(work, versions);
    if (manifest) {
      await writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
      await mkdir(path.dirname(out), { recursive: true });
      // Written beside the target and renamed: a half-written archive never carries the final name.
      await run('tar', ['-cf', `${out}.partial`, '-C', work, MANIFEST, DATABASE_DUMP, FILES_DIR]);
      await rename(`${out}.partial`, out);
      const size = (await stat(out)).size;
      say(
        `backup written: ${out} (${mib(size)} MiB; database ${connection.label}, ` +
          `${manifest.migrations.count} migrations, ${manifest.files.count} stored files)`,
      );
      remindOfMasterKey();
    } else {
      fail(`files kept being deleted during ${ATTEMPTS} tries; try again later`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

/** One try: the dump and the copy of the snapshot's contents, or null when a content vanished before its copy. */
async function snapshot(dir, { server, dumpTool }) {
  await rm(path.join(dir, FILES_DIR), { recursive: true, force: true });
  await mkdir(path.join(dir, FILES_DIR));
  return withDatabase(settings.databaseUrl, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: exported } = await client.query('SELECT pg_export_snapshot() AS id');
    const dumpFile = path.join(dir, DATABASE_DUMP);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${exported[0].id}`, `--file=${dumpFile}`, `--dbname=${connection.url}`],
      { env: connection.env, maxBuffer: 16 * 1024 * 1024 },
    );
    const { rows: migrations } = await client.query('SELECT name FROM migrations ORDER BY timestamp');
    const files = settings.fileStorage === 'fs' ? await copyContents(client, path.join(dir, FILES_DIR)) : [];
    if (!files) return null;
    await client.query('COMMIT');
    return {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      latchkey: { commit: await gitCommit() },
      postgres: { server, pgDump: dumpTool.version },
      migrations: { count: migrations.length, latest: migrations.at(-1)?.name ?? null },
      database: { file: DATABASE_DUMP, bytes: (await stat(dumpFile)).size, sha256: await sha256File(dumpFile) },
      files: {
        storage: settings.fileStorage,
        count: files.length,
        bytes: files.reduce((sum, file) => sum + file.bytes, 0),
        entries: files,
      },
      masterKey: 'not included: restore needs the MASTER_KEY the backed-up service ran with',
    };
  });
}

/** The server's version, and a pg_dump that can dump it (its major version or newer). */
async function checkDumpTool() {
  return withDatabase(settings.databaseUrl, async (client) => {
    const { rows } = await client.query(
      "SELECT current_setting('server_version') AS version, current_setting('server_version_num')::int AS num",
    );
    const serverMajor = Math.floor(rows[0].num / 10000);
    const dumpTool = await toolMajor('pg_dump');
    if (dumpTool.major < serverMajor) {
      fail(`${dumpTool.version} cannot dump PostgreSQL ${rows[0].version}: install pg_dump ${serverMajor} or newer`);
    }
    return { server: rows[0].version, dumpTool };
  });
}

/**
 * Copies every sealed content the snapshot knows (unsealed ones are uploads in
 * progress, which the restored service's sweep removes). Null when one a file
 * of the snapshot points at was deleted before its copy.
 */
async function copyContents(client, target) {
  const { rows } = await client.query(
    `SELECT c.id, EXISTS (SELECT 1 FROM files f WHERE f.content_id = c.id) AS referenced
       FROM file_contents c WHERE c.sha256 IS NOT NULL ORDER BY c.id`,
  );
  const copied = [];
  for (const { id, referenced } of rows) {
    try {
      await copyFile(path.join(settings.fileStorageDir, id), path.join(target, id));
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
      // A replaced version being discarded: no file of the snapshot needs it.
      if (!referenced) continue;
      say(`file content ${id} was deleted during the backup; taking the backup again`);
      await client.query('ROLLBACK');
      return null;
    }
    const file = path.join(target, id);
    copied.push({ id, bytes: (await stat(file)).size, sha256: await sha256File(file) });
  }
  return copied;
}

async function gitCommit() {
  try {
    return (await run('git', ['rev-parse', 'HEAD'], { cwd: root })).stdout.trim();
  } catch {
    // Not a git checkout (an unpacked release): the migrations still say which schema the dump holds.
    return null;
  }
}

function stamp(date) {
  return date.toISOString().replace(/[:.]/g, '-');
}

function mib(bytes) {
  return (bytes / 1024 / 1024).toFixed(1);
}
