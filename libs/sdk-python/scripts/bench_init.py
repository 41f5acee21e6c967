#!/usr/bin/env python3
"""Client-side cost of one verified call: N sequential `init` calls through the
SDK (fresh nonce each, Ed25519 signature, timestamp and nonce checked) against
the service named by LATCHKEY_URL, LATCHKEY_APP_ID, LATCHKEY_API_KEY and
LATCHKEY_PUBLIC_KEY. Prints one JSON line with this process's CPU time per call
(user + system: the client alone, the service runs elsewhere) and the wall time.

  node scripts/with-live-service.mjs --database latchkey_sdk_python_bench -- \\
    env PYTHONPATH=libs/sdk-python/src /usr/bin/python3 libs/sdk-python/scripts/bench_init.py [N]
"""

from __future__ import annotations

import json
import os
import sys
import time

from latchkey import Latchkey

WARM_UP_CALLS = 50


def main() -> None:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    env = os.environ
    with Latchkey(
        env["LATCHKEY_URL"], env["LATCHKEY_APP_ID"], env["LATCHKEY_API_KEY"], env["LATCHKEY_PUBLIC_KEY"]
    ) as lk:
        for _ in range(WARM_UP_CALLS):
            lk.init()
        cpu_started = time.process_time()
        wall_started = time.perf_counter()
        for _ in range(calls):
            lk.init()
        cpu = time.process_time() - cpu_started
        wall = time.perf_counter() - wall_started
    result = {
        "sdk": "python",
        "calls": calls,
        "cpuMicrosPerCall": round(cpu * 1e6 / calls),
        "wallMicrosPerCall": round(wall * 1e6 / calls),
    }
    print(json.dumps(result, separators=(",", ":")))


if __name__ == "__main__":
    main()
