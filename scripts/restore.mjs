// `pnpm restore FILE [--force]`: a `pnpm backup` archive into the database of
// DATABASE_URL (created when missing) and, for stored files, FILE_STORAGE_DIR.
// Refuses a database that has tables, or a directory that has contents,
// unless --force, which empties them first. See docs/operations.md "Backups".
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ARCHIVE_FORMAT,
  CONTENT_FILE_NAME,
  DATABASE_DUMP,
  FILES_DIR,
  MANIFEST,
  remindOfMasterKey,
  say,
  clientConnection,
  fail,
  run,
  serviceSettings,
  sha256File,
  runCommand,
  toolMajor,
  withDatabase,
} from './backup-archive.mjs';

const { values: options, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const settings = serviceSettings();
const connection = clientConnection(settings.databaseUrl);

await runCommand(async () => {
  if (positionals.length !== 1) fail('usage: pnpm restore <archive.tar> [--force]');
  const archive = path.resolve(positionals[0]);
  const work = await mkdtemp(path.join(os.tmpdir(), 'latchkey-restore-'));
  try {
    await run('tar', ['-xf', archive, '-C', work]);
    const manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8'));
    if (manifest.format !== ARCHIVE_FORMAT)
      fail(`archive format ${manifest.format}; this restore reads ${ARCHIVE_FORMAT}`);
    await verify(work, manifest);

    const restoreTool = await toolMajor('pg_restore');
    const dumpMajor = Number(manifest.postgres.pgDump.match(/\(PostgreSQL\) (\d+)/)[1]);
    if (restoreTool.major < dumpMajor) fail(`${restoreTool.version} cannot read a dump of pg_dump ${dumpMajor}`);
    if (manifest.files.count > 0 && !settings.fileStorageDir) {
      fail(`the archive holds ${manifest.files.count} stored files: set FILE_STORAGE=fs and FILE_STORAGE_DIR`);
    }

    // Both refusals come before anything is removed.
    const staleContents = settings.fileStorageDir ? await storedContents(settings.fileStorageDir) : [];
    if (staleContents.length > 0 && !options.force) {
      fail(`${settings.fileStorageDir} holds stored files; restore into an empty directory, or add --force`);
    }
    await prepareDatabase();
    if (staleContents.length > 0) say(`--force: removing ${staleContents.length} stored files`);
    for (const name of staleContents) await rm(path.join(settings.fileStorageDir, name), { force: true });
    // One transaction: a failed restore leaves the database empty, not half filled. Roles and grants
    // are the target's own (the backed-up server's roles need not exist here).
    await run(
      'pg_restore',
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--dbname=${connection.url}`,
        path.join(work, DATABASE_DUMP),
      ],
      { env: connection.env, maxBuffer: 16 * 1024 * 1024 },
    );
    for (const { id } of manifest.files.entries) {
      await copyFile(path.join(work, FILES_DIR, id), path.join(settings.fileStorageDir, id));
    }
    say(
      `restored ${archive} (taken ${manifest.createdAt}, ${manifest.migrations.count} migrations, ` +
        `${manifest.files.count} stored files) into ${connection.label}` +
        (settings.fileStorageDir ? ` and ${settings.fileStorageDir}` : ''),
    );
    say('start the service on it with the MASTER_KEY the backed-up service ran with.');
    remindOfMasterKey();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

/** Every item of the archive against the digest the manifest recorded. */
async function verify(dir, manifest) {
  const items = [
    { file: path.join(dir, DATABASE_DUMP), sha256: manifest.database.sha256 },
    ...manifest.files.entries.map(({ id, sha256 }) => ({ file: path.join(dir, FILES_DIR, id), sha256 })),
  ];
  const unexpected = manifest.files.entries.find(({ id }) => !CONTENT_FILE_NAME.test(id));
  if (unexpected) fail(`the manifest names a stored file ${JSON.stringify(unexpected.id)}: not a Latchkey archive`);
  for (const { file, sha256 } of items) {
    if ((await sha256File(file)) !== sha256)
      fail(`${path.basename(file)} does not match the manifest: archive damaged`);
  }
}

/** Creates the target database when missing; refuses one with tables unless --force, which recreates it. */
async function prepareDatabase() {
  const target = new URL(settings.databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(settings.databaseUrl);
  server.pathname = '/postgres';
  return withDatabase(server.toString(), async (admin) => {
    const { rowCount: exists } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists && !(await isEmpty())) {
      if (!options.force) fail(`database ${connection.label} is not empty; restore into a fresh one, or add --force`);
      say(`--force: dropping database ${connection.label}`);
      await admin.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    } else if (!exists) {
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    }
  });
}

async function isEmpty() {
  return withDatabase(settings.databaseUrl, async (client) => {
    const { rowCount } = await client.query(
      `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' LIMIT 1`,
    );
    return rowCount === 0;
  });
}

/** The content files (complete or partial) in the store's directory, which is created when missing. */
async function storedContents(dir) {
  await mkdir(dir, { recursive: true });
  return (await readdir(dir)).filter((name) => CONTENT_FILE_NAME.test(name.replace(/\.partial$/, '')));
}
