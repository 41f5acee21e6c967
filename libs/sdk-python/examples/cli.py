#!/usr/bin/env python3
"""A licensed command-line program, as a vendor would write it with the SDK alone:
it logs in with a license key, prints the user's level and expiry, reads a
server-side variable and downloads a file (end-to-end encrypted). The same
program as examples/cli/cli.mjs, with the same flags and output.

  LATCHKEY_URL=https://licensing.example.com LATCHKEY_APP_ID=... LATCHKEY_API_KEY=... LATCHKEY_PUBLIC_KEY=... \\
    python3 cli.py --key XXXXX-XXXXX-XXXXX-XXXXX [--var motd] [--file <fileId> --out ./app.bin] [--hwid <id>]

Exit status: 0 on success, 1 when the service refused (the code is printed), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime, timezone
from typing import List, NoReturn, Optional

from latchkey import Latchkey, LatchkeyError, machine_id

USAGE = (
    "usage: python3 cli.py --key <license key> [--var <key>] [--file <fileId> --out <path>] [--hwid <id>]\n"
    "environment: LATCHKEY_URL, LATCHKEY_APP_ID, LATCHKEY_API_KEY, LATCHKEY_PUBLIC_KEY\n"
)
ENVIRONMENT = ("LATCHKEY_URL", "LATCHKEY_APP_ID", "LATCHKEY_API_KEY", "LATCHKEY_PUBLIC_KEY")


def fail(status: int, text: str) -> NoReturn:
    sys.stderr.write(text if text.endswith("\n") else f"{text}\n")
    sys.exit(status)


class Arguments(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        fail(2, f"{message}\n{USAGE}")


def iso(seconds: int) -> str:
    """As JavaScript's toISOString: UTC with milliseconds."""
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def main(argv: Optional[List[str]] = None) -> None:
    parser = Arguments(add_help=False, allow_abbrev=False)
    for name in ("key", "var", "file", "out", "hwid"):
        parser.add_argument(f"--{name}")
    args = parser.parse_args(argv)
    missing = [name for name in ENVIRONMENT if not os.environ.get(name)]
    if not args.key or missing or (args.file and not args.out):
        fail(2, (f"missing {', '.join(missing)}\n" if missing else "") + USAGE)

    env = os.environ
    try:
        with Latchkey(
            env["LATCHKEY_URL"], env["LATCHKEY_APP_ID"], env["LATCHKEY_API_KEY"], env["LATCHKEY_PUBLIC_KEY"]
        ) as lk:
            # The HWID ties the key to this computer: a salted hash of the OS's machine id.
            hwid = args.hwid if args.hwid is not None else machine_id(env["LATCHKEY_APP_ID"])
            result = lk.license(args.key, hwid)
            user = result["user"]
            print(f"level: {user['level']}")
            print(f"expires: {user['expiresAt'] or 'never (lifetime)'}")
            ticket = result.get("ticket")
            if ticket:
                print(f"offline until: {iso(lk.verify_ticket(ticket, hwid)['exp'])}")
            if args.var:
                print(f"{args.var}: {lk.var(args.var)}")
            if args.file:
                file = lk.file(args.file, args.out)
                print(f"downloaded: {file.name} ({file.size} bytes, sha256 {file.sha256}) to {args.out}")
            lk.logout()
    except LatchkeyError as err:
        fail(1, f"error {err.code}: {err.message}")


if __name__ == "__main__":
    main()
