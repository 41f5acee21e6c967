import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LatchkeyError } from './errors.js';

/** How machineId() reaches the system; replaceable in tests. */
export interface MachineIdSources {
  platform: NodeJS.Platform;
  run(command: string, args: string[]): Promise<string>;
  read(path: string): Promise<string>;
}

const systemSources: MachineIdSources = {
  platform: process.platform,
  run: (command, args) =>
    new Promise((resolve, reject) =>
      execFile(command, args, { timeout: 10_000, windowsHide: true }, (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      ),
    ),
  read: (path) => readFile(path, 'utf8'),
};

const LINUX_FILES = ['/etc/machine-id', '/var/lib/dbus/machine-id'];

/**
 * The operating system's own identifier of this installation:
 * - Windows: `MachineGuid` under `HKLM\SOFTWARE\Microsoft\Cryptography` (`reg query`, 64-bit view),
 *   written at installation;
 * - macOS: `IOPlatformUUID` of `IOPlatformExpertDevice` (`ioreg`), the hardware UUID;
 * - Linux and others: `/etc/machine-id`, else `/var/lib/dbus/machine-id` (systemd / D-Bus), written at installation.
 */
export async function rawMachineId(sources: MachineIdSources = systemSources): Promise<string> {
  let raw: string | undefined;
  try {
    if (sources.platform === 'win32') {
      const out = await sources.run('reg', [
        'query',
        'HKLM\\SOFTWARE\\Microsoft\\Cryptography',
        '/v',
        'MachineGuid',
        '/reg:64',
      ]);
      raw = /MachineGuid\s+REG_SZ\s+(\S+)/i.exec(out)?.[1];
    } else if (sources.platform === 'darwin') {
      const out = await sources.run('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice']);
      raw = /"IOPlatformUUID"\s*=\s*"([^"]+)"/.exec(out)?.[1];
    } else {
      for (const file of LINUX_FILES) {
        raw = (await sources.read(file).catch(() => '')).trim() || undefined;
        if (raw) break;
      }
    }
  } catch (cause) {
    throw new LatchkeyError('MACHINE_ID_UNAVAILABLE', `Could not read the machine id on ${sources.platform}`, 0, {
      cause,
    });
  }
  if (!raw) throw new LatchkeyError('MACHINE_ID_UNAVAILABLE', `No machine id found on ${sources.platform}`);
  return raw.trim().toLowerCase();
}

/**
 * A stable hardware id for `hwid`: hex HMAC-SHA256 keyed with `salt` (use
 * something of your app's, e.g. its appId) over the lowercased system
 * identifier (see rawMachineId). The raw identifier never leaves the machine,
 * and two vendors' apps see unrelated ids for the same computer.
 */
export async function machineId(salt: string, sources?: MachineIdSources): Promise<string> {
  if (!salt) throw new TypeError('machineId needs an app-specific salt, e.g. your appId');
  return createHmac('sha256', salt)
    .update(await rawMachineId(sources))
    .digest('hex');
}
