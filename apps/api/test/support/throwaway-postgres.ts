// A PostgreSQL server of a spec's own (initdb + pg_ctl on a free port), so a
// spec can stop and restart it without disturbing the shared server.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../scripts/test-service.mjs';

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asServerUser(command: string, args: string[]): void {
  const asRoot = userInfo().uid === 0;
  execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: 'ignore',
  });
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
}

export class ThrowawayPostgres {
  private constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly bin: string,
  ) {}

  static async start(): Promise<ThrowawayPostgres> {
    const dataDir = mkdtempSync('/tmp/latchkey-pg-');
    if (userInfo().uid === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dataDir, uid, gid);
    }
    const server = new ThrowawayPostgres(await freePort(), dataDir, binDir());
    asServerUser(path.join(server.bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    server.start();
    return server;
  }

  /** A database URL on this server (the API creates the database on start). */
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    asServerUser(path.join(this.bin, 'pg_ctl'), [
      '-D',
      this.dataDir,
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  /** Stops the server at once, cutting every connection (as a crash or a restart would). */
  stop(): void {
    asServerUser(path.join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-w', '-m', 'immediate', 'stop']);
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
