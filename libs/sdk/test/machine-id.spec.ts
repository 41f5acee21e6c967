import { describe, expect, it } from '@jest/globals';
import { machineId, rawMachineId, type MachineIdSources } from '../src/index.js';

function sources(platform: NodeJS.Platform, outputs: Record<string, string>): MachineIdSources & { calls: string[] } {
  const calls: string[] = [];
  return {
    platform,
    calls,
    run: async (command, args) => {
      calls.push([command, ...args].join(' '));
      if (!(command in outputs)) throw new Error(`${command}: not found`);
      return outputs[command]!;
    },
    read: async (path) => {
      calls.push(`read ${path}`);
      if (!(path in outputs)) throw new Error(`ENOENT: ${path}`);
      return outputs[path]!;
    },
  };
}

describe('machineId', () => {
  it('reads MachineGuid from the registry on Windows', async () => {
    const windows = sources('win32', {
      reg: [
        '',
        'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography',
        '    MachineGuid    REG_SZ    8E2F1A3C-5B7D-4E9F-A1C3-0D2B4F6E8A9C',
        '',
      ].join('\r\n'),
    });
    expect(await rawMachineId(windows)).toBe('8e2f1a3c-5b7d-4e9f-a1c3-0d2b4f6e8a9c');
    expect(windows.calls).toEqual(['reg query HKLM\\SOFTWARE\\Microsoft\\Cryptography /v MachineGuid /reg:64']);
  });

  it('reads IOPlatformUUID from ioreg on macOS', async () => {
    const mac = sources('darwin', {
      ioreg: [
        '+-o MacBookPro18,3  <class IOPlatformExpertDevice, id 0x100000201>',
        '  {',
        '    "IOPlatformSerialNumber" = "C02XXXXXXX"',
        '    "IOPlatformUUID" = "4C4C4544-0042-3510-8048-B2C04F4E4D32"',
        '  }',
      ].join('\n'),
    });
    expect(await rawMachineId(mac)).toBe('4c4c4544-0042-3510-8048-b2c04f4e4d32');
  });

  it('reads /etc/machine-id on Linux, else the D-Bus copy', async () => {
    expect(await rawMachineId(sources('linux', { '/etc/machine-id': 'abc123\n' }))).toBe('abc123');
    const dbusOnly = sources('linux', { '/var/lib/dbus/machine-id': 'def456\n' });
    expect(await rawMachineId(dbusOnly)).toBe('def456');
    expect(dbusOnly.calls).toEqual(['read /etc/machine-id', 'read /var/lib/dbus/machine-id']);
  });

  it('fails with MACHINE_ID_UNAVAILABLE when the source is missing or says nothing', async () => {
    await expect(rawMachineId(sources('linux', {}))).rejects.toMatchObject({ code: 'MACHINE_ID_UNAVAILABLE' });
    await expect(rawMachineId(sources('win32', {}))).rejects.toMatchObject({ code: 'MACHINE_ID_UNAVAILABLE' });
    await expect(rawMachineId(sources('darwin', { ioreg: '{}' }))).rejects.toMatchObject({
      code: 'MACHINE_ID_UNAVAILABLE',
    });
  });

  it('hashes with the salt: stable per app, unrelated across apps, never the raw id', async () => {
    const linux = sources('linux', { '/etc/machine-id': 'abc123\n' });
    const first = await machineId('app-1', linux);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await machineId('app-1', linux)).toBe(first);
    expect(await machineId('app-2', linux)).not.toBe(first);
    expect(first).not.toContain('abc123');
    await expect(machineId('', linux)).rejects.toThrow(TypeError);
  });
});
