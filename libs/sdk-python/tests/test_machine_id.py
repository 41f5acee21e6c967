"""machine_id() on each platform, with the system replaced by canned outputs."""

from __future__ import annotations

import re
import subprocess
from typing import Dict, List

import pytest

from latchkey import LatchkeyError, MachineIdSources, machine_id, raw_machine_id


class Canned:
    """Commands' outputs and files' contents by name; records what was asked."""

    def __init__(self, platform: str, outputs: Dict[str, str]) -> None:
        self.outputs = outputs
        self.calls: List[str] = []
        self.sources = MachineIdSources(platform=platform, run=self.run, read=self.read)

    def run(self, command: str, args: List[str]) -> str:
        self.calls.append(" ".join([command, *args]))
        if command not in self.outputs:
            raise subprocess.CalledProcessError(1, command)
        return self.outputs[command]

    def read(self, path: str) -> str:
        self.calls.append(f"read {path}")
        if path not in self.outputs:
            raise FileNotFoundError(path)
        return self.outputs[path]


def test_reads_machine_guid_from_the_registry_on_windows() -> None:
    reg = "\r\n".join(
        [
            "",
            "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Cryptography",
            "    MachineGuid    REG_SZ    8E2F1A3C-5B7D-4E9F-A1C3-0D2B4F6E8A9C",
            "",
        ]
    )
    windows = Canned("win32", {"reg": reg})
    assert raw_machine_id(windows.sources) == "8e2f1a3c-5b7d-4e9f-a1c3-0d2b4f6e8a9c"
    assert windows.calls == ["reg query HKLM\\SOFTWARE\\Microsoft\\Cryptography /v MachineGuid /reg:64"]


def test_reads_io_platform_uuid_from_ioreg_on_macos() -> None:
    ioreg = "\n".join(
        [
            "+-o MacBookPro18,3  <class IOPlatformExpertDevice, id 0x100000201>",
            "  {",
            '    "IOPlatformSerialNumber" = "C02XXXXXXX"',
            '    "IOPlatformUUID" = "4C4C4544-0042-3510-8048-B2C04F4E4D32"',
            "  }",
        ]
    )
    assert raw_machine_id(Canned("darwin", {"ioreg": ioreg}).sources) == "4c4c4544-0042-3510-8048-b2c04f4e4d32"


def test_reads_etc_machine_id_on_linux_else_the_dbus_copy() -> None:
    assert raw_machine_id(Canned("linux", {"/etc/machine-id": "abc123\n"}).sources) == "abc123"
    dbus_only = Canned("linux", {"/var/lib/dbus/machine-id": "def456\n"})
    assert raw_machine_id(dbus_only.sources) == "def456"
    assert dbus_only.calls == ["read /etc/machine-id", "read /var/lib/dbus/machine-id"]


def test_fails_with_machine_id_unavailable_when_the_source_is_missing_or_says_nothing() -> None:
    for canned in (Canned("linux", {}), Canned("win32", {}), Canned("darwin", {"ioreg": "{}"})):
        with pytest.raises(LatchkeyError) as info:
            raw_machine_id(canned.sources)
        assert info.value.code == "MACHINE_ID_UNAVAILABLE"


def test_hashes_with_the_salt_stable_per_app_unrelated_across_apps_never_the_raw_id() -> None:
    linux = Canned("linux", {"/etc/machine-id": "abc123\n"}).sources
    first = machine_id("app-1", linux)
    assert re.fullmatch(r"[0-9a-f]{64}", first)
    assert machine_id("app-1", linux) == first
    assert machine_id("app-2", linux) != first
    assert "abc123" not in first
    with pytest.raises(LatchkeyError) as raised:
        machine_id("", linux)
    assert raised.value.code == "INVALID_ARGUMENT"

