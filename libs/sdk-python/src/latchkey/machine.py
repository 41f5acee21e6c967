"""A salted machine id for `hwid` (docs/client-protocol.md, section 6)."""

from __future__ import annotations

import hashlib
import hmac
import re
import subprocess
import sys
from dataclasses import dataclass
from typing import Callable, List, Optional

from .errors import LatchkeyError

_LINUX_FILES = ("/etc/machine-id", "/var/lib/dbus/machine-id")


def _run(command: str, args: List[str]) -> str:
    return subprocess.run(
        [command, *args], capture_output=True, text=True, timeout=10, check=True
    ).stdout


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


@dataclass(frozen=True)
class MachineIdSources:
    """How machine_id() reaches the system; replaceable in tests."""

    # sys.platform's value: "win32", "darwin", "linux", ...
    platform: str
    run: Callable[[str, List[str]], str]
    read: Callable[[str], str]


SYSTEM_SOURCES = MachineIdSources(platform=sys.platform, run=_run, read=_read)


def raw_machine_id(sources: MachineIdSources = SYSTEM_SOURCES) -> str:
    """The operating system's own identifier of this installation, trimmed and lowercased:

    - Windows: ``MachineGuid`` under ``HKLM\\SOFTWARE\\Microsoft\\Cryptography`` (``reg query``, 64-bit view);
    - macOS: ``IOPlatformUUID`` of ``IOPlatformExpertDevice`` (``ioreg``);
    - Linux and others: ``/etc/machine-id``, else ``/var/lib/dbus/machine-id``.
    """
    raw: Optional[str] = None
    try:
        if sources.platform == "win32":
            out = sources.run(
                "reg", ["query", "HKLM\\SOFTWARE\\Microsoft\\Cryptography", "/v", "MachineGuid", "/reg:64"]
            )
            match = re.search(r"MachineGuid\s+REG_SZ\s+(\S+)", out, re.IGNORECASE)
            raw = match.group(1) if match else None
        elif sources.platform == "darwin":
            out = sources.run("ioreg", ["-rd1", "-c", "IOPlatformExpertDevice"])
            match = re.search(r'"IOPlatformUUID"\s*=\s*"([^"]+)"', out)
            raw = match.group(1) if match else None
        else:
            for path in _LINUX_FILES:
                try:
                    raw = sources.read(path).strip() or None
                except OSError:
                    raw = None
                if raw:
                    break
    except (OSError, subprocess.SubprocessError) as cause:
        raise LatchkeyError(
            "MACHINE_ID_UNAVAILABLE", f"Could not read the machine id on {sources.platform}"
        ) from cause
    if not raw:
        raise LatchkeyError("MACHINE_ID_UNAVAILABLE", f"No machine id found on {sources.platform}")
    return raw.strip().lower()


def machine_id(salt: str, sources: MachineIdSources = SYSTEM_SOURCES) -> str:
    """A stable hardware id for ``hwid``: hex HMAC-SHA256 keyed with ``salt``
    (use something of your app's, e.g. its appId) over the lowercased system
    identifier (see raw_machine_id). The raw identifier never leaves the
    machine, and two vendors' apps see unrelated ids for the same computer.
    """
    if not salt:
        raise LatchkeyError("INVALID_ARGUMENT", "machine_id needs an app-specific salt, e.g. your appId")
    raw = raw_machine_id(sources)
    return hmac.new(salt.encode("utf-8"), raw.encode("utf-8"), hashlib.sha256).hexdigest()
