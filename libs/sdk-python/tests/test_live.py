"""End-to-end against a real Latchkey: run through scripts/with-live-service.mjs, which starts the
service on a fresh database and sets LATCHKEY_* (a 2.5 MiB level-1 file, a level-5 file, variables
`motd` and `vip`). Skipped when those variables are absent (pytest run on its own)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import pytest
from conftest import child_env

from latchkey import Latchkey, LatchkeyError, Session

pytestmark = pytest.mark.skipif(
    "LATCHKEY_OWNER_TOKEN" not in os.environ, reason="needs a live service: run through scripts/with-live-service.mjs"
)

ENV = os.environ
SDK_ROOT = Path(__file__).resolve().parents[1]
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def admin(method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
    """One admin API call as the fixtures' owner; the answer's `data`."""
    request = urllib.request.Request(
        f"{ENV['LATCHKEY_URL']}/v1/admin/apps/{ENV['LATCHKEY_APP_ID']}{path}",
        method=method,
        data=json.dumps(body if body is not None else {}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {ENV['LATCHKEY_OWNER_TOKEN']}"},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["data"]


def new_key(**fields: Any) -> Dict[str, Any]:
    """A fresh license key (30 days unless said otherwise): `id` and `key`."""
    keys: List[Dict[str, Any]] = admin("POST", "/licenses", {"durationType": "30d", "count": 1, **fields})
    return keys[0]


def client(**options: Any) -> Latchkey:
    return Latchkey(
        ENV["LATCHKEY_URL"], ENV["LATCHKEY_APP_ID"], ENV["LATCHKEY_API_KEY"], ENV["LATCHKEY_PUBLIC_KEY"], **options
    )


def refusal(call: Callable[[], Any]) -> LatchkeyError:
    with pytest.raises(LatchkeyError) as info:
        call()
    return info.value


def test_init_answers_the_app_verified() -> None:
    with client() as lk:
        assert lk.init()["name"] == "SDK live tests"


def test_redeems_a_key_reads_a_variable_checks_the_ticket_and_ends_the_session() -> None:
    key = new_key(level=3)
    hwid = "py-live-" + secrets.token_hex(4)
    with client() as lk:
        result = lk.license(key["key"], hwid)
        assert result["user"]["level"] == 3 and result["user"]["hwid"] == hwid
        assert ISO.fullmatch(result["user"]["expiresAt"] or "")
        claims = lk.verify_ticket(hwid=hwid)
        assert (claims["iss"], claims["lvl"], claims["hwid"]) == (ENV["LATCHKEY_APP_ID"], 3, hwid)
        assert refusal(lambda: lk.verify_ticket(hwid="another-machine")).code == "TICKET_INVALID"
        assert lk.var("motd") == "hello from latchkey"
        vip = refusal(lambda: lk.var("vip"))
        assert (vip.code, vip.status, vip.message) == ("INSUFFICIENT_LEVEL", 403, "Insufficient level")
        assert refusal(lambda: lk.var("nothing-here")).code == "VARIABLE_NOT_FOUND"
        assert lk.check()["user"]["userId"] == result["user"]["userId"]
        assert ISO.fullmatch(lk.heartbeat()["expiresAt"])
        lk.log("python sdk live test")
        token = result["sessionToken"]
        lk.logout()
        assert refusal(lambda: lk.var("motd")).code == "NO_SESSION"
        lk.use_session(Session(token, result["expiresAt"], result["user"]))
        ended = refusal(lk.check)
        assert (ended.code, ended.status, ended.message) == ("INVALID_SESSION", 401, "Invalid or expired session")


def test_downloads_the_file_end_to_end_encrypted_and_plain_with_the_digest_checked(tmp_path: Path) -> None:
    with client() as lk:
        lk.license(new_key()["key"])
        target = tmp_path / "payload.bin"
        downloaded = lk.file(ENV["LATCHKEY_FILE_ID"], str(target))
        assert downloaded.encrypted and downloaded.name == "payload.bin"
        assert (downloaded.size, downloaded.sha256) == (int(ENV["LATCHKEY_FILE_SIZE"]), ENV["LATCHKEY_FILE_SHA256"])
        assert hashlib.sha256(target.read_bytes()).hexdigest() == ENV["LATCHKEY_FILE_SHA256"]
        plain = tmp_path / "plain.bin"
        assert lk.file(ENV["LATCHKEY_FILE_ID"], plain, encrypted=False).encrypted is False
        assert plain.read_bytes() == target.read_bytes()
        vip = refusal(lambda: lk.file(ENV["LATCHKEY_VIP_FILE_ID"], str(tmp_path / "vip.bin")))
        assert (vip.code, vip.status) == ("INSUFFICIENT_LEVEL", 403)
        missing = refusal(lambda: lk.file("00000000-0000-4000-8000-000000000000", str(tmp_path / "none.bin")))
        assert missing.code == "FILE_NOT_FOUND"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["payload.bin", "plain.bin"]
    with client() as vip_client:
        vip_client.license(new_key(level=5)["key"])
        assert vip_client.var("vip") == "for level 5"
        assert vip_client.file(ENV["LATCHKEY_VIP_FILE_ID"], str(tmp_path / "vip.bin")).size == 1024


def test_reads_writes_lists_and_deletes_the_users_own_variables() -> None:
    with client() as lk:
        lk.license(new_key()["key"])
        assert lk.user_vars() == {}
        lk.set_user_var("theme", "dark")
        lk.set_user_var("save.slot-1", "")
        lk.set_user_var("theme", "light")
        assert lk.user_var("theme") == "light"
        assert lk.user_vars() == {"save.slot-1": "", "theme": "light"}
        lk.delete_user_var("theme")
        missing = refusal(lambda: lk.user_var("theme"))
        assert (missing.code, missing.status, missing.message) == ("VARIABLE_NOT_FOUND", 404, "Variable not found")
        bad = refusal(lambda: lk.set_user_var("no spaces", "x"))
        assert (bad.code, bad.status) == ("VALIDATION", 400)
        assert bad.message == "key must be 1-64 characters of A-Z, a-z, 0-9, _ . -"
        too_long = refusal(lambda: lk.set_user_var("big", "x" * 4097))
        assert (too_long.code, too_long.message) == ("VALIDATION", "value must be at most 4096 characters")


def test_registers_logs_in_and_upgrades_an_account_with_typed_refusals() -> None:
    username = "py_" + secrets.token_hex(4)
    first, second = new_key(level=2), new_key(level=7)
    with client() as lk:
        registered = lk.register(username, "py live password", first["key"], "py-hw")
        assert registered["user"]["username"] == username and registered["user"]["level"] == 2
        assert lk.login(username, "py live password", "py-hw")["user"]["userId"] == registered["user"]["userId"]
        assert lk.upgrade(username, "py live password", second["key"])["level"] == 7
        taken = refusal(lambda: lk.register(username.upper(), "py live password", new_key()["key"]))
        assert (taken.code, taken.status) == ("USERNAME_TAKEN", 409)
        wrong = refusal(lambda: lk.login(username, "not the password", "py-hw"))
        assert (wrong.code, wrong.status, wrong.message) == ("INVALID_USER_LOGIN", 401, "Invalid username or password")
        used = refusal(lambda: lk.register("py_" + secrets.token_hex(4), "py live password", first["key"]))
        assert (used.code, used.status) == ("LICENSE_USED", 409)
        unknown = refusal(lambda: lk.license("ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"))
        assert (unknown.code, unknown.status) == ("LICENSE_NOT_FOUND", 404)
        short = refusal(lambda: lk.login("ab", "py live password"))
        assert (short.code, short.status) == ("VALIDATION", 400)


def test_hwid_lock_device_limit_and_bans_surface_as_typed_errors() -> None:
    key = new_key(maxDevices=1)
    with client() as first, client() as second, client() as third:
        first.license(key["key"], "machine-a")
        mismatch = refusal(lambda: second.license(key["key"], "machine-b"))
        assert (mismatch.code, mismatch.status, mismatch.message) == ("HWID_MISMATCH", 403, "Hardware ID mismatch")
        # One device: a second session of the same machine ends the first.
        second.license(key["key"], "machine-a")
        evicted = refusal(lambda: first.var("motd"))
        assert (evicted.code, evicted.status) == ("INVALID_SESSION", 401)
        assert second.var("motd") == "hello from latchkey"
        admin("POST", f"/licenses/{key['id']}/ban", {"reason": "python sdk test"})
        banned = refusal(lambda: third.license(key["key"], "machine-a"))
        assert (banned.code, banned.status, banned.message) == ("LICENSE_BANNED", 403, "License is banned")
        assert refusal(second.check).code == "INVALID_SESSION"


def test_heartbeat_thread_reports_the_session_lost_when_the_key_is_banned() -> None:
    key = new_key()
    lost: List[LatchkeyError] = []
    ended = threading.Event()

    def on_lost(error: LatchkeyError) -> None:
        lost.append(error)
        ended.set()

    with client() as lk:
        lk.license(key["key"])
        beats = lk.start_heartbeat(interval=0.05, on_lost=on_lost)
        admin("POST", f"/licenses/{key['id']}/ban", {})
        assert ended.wait(30)
        assert [e.code for e in lost] == ["INVALID_SESSION"]
        assert not beats.running or ended.is_set()


def test_takes_the_service_url_ending_in_v1() -> None:
    with Latchkey(
        ENV["LATCHKEY_URL"] + "/v1/", ENV["LATCHKEY_APP_ID"], ENV["LATCHKEY_API_KEY"], ENV["LATCHKEY_PUBLIC_KEY"]
    ) as lk:
        assert "name" in lk.init()


def test_refuses_answers_it_cannot_verify() -> None:
    with Latchkey(
        ENV["LATCHKEY_URL"], "00000000-0000-4000-8000-000000000000", "lk_nothing", ENV["LATCHKEY_PUBLIC_KEY"]
    ) as unknown_app:
        unsigned = refusal(unknown_app.init)
        assert (unsigned.code, unsigned.status) == ("APP_UNKNOWN", 401)
    other_key = "3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08="
    with Latchkey(ENV["LATCHKEY_URL"], ENV["LATCHKEY_APP_ID"], ENV["LATCHKEY_API_KEY"], other_key) as wrong_key:
        assert refusal(wrong_key.init).code == "SIGNATURE_INVALID"
    with client(now=lambda: 0.0) as wrong_clock:
        assert refusal(wrong_clock.init).code == "STALE_RESPONSE"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = child_env()
    return subprocess.run(
        [sys.executable, str(SDK_ROOT / "examples" / "cli.py"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_example_cli_redeems_a_key_reads_a_variable_and_downloads_the_encrypted_file(tmp_path: Path) -> None:
    key = new_key(level=3)
    out = tmp_path / "app.bin"
    run = run_cli("--key", key["key"], "--var", "motd", "--file", ENV["LATCHKEY_FILE_ID"], "--out", str(out))
    assert (run.returncode, run.stderr) == (0, "")
    lines = run.stdout.splitlines()
    assert lines[0] == "level: 3"
    assert re.fullmatch(r"expires: " + ISO.pattern, lines[1])
    assert re.fullmatch(r"offline until: " + ISO.pattern, lines[2])
    assert lines[3] == "motd: hello from latchkey"
    size, digest = ENV["LATCHKEY_FILE_SIZE"], ENV["LATCHKEY_FILE_SHA256"]
    assert lines[4] == f"downloaded: payload.bin ({size} bytes, sha256 {digest}) to {out}"
    assert hashlib.sha256(out.read_bytes()).hexdigest() == digest


def test_the_example_cli_exits_1_with_the_code_when_refused_and_2_on_bad_usage() -> None:
    key = new_key()
    admin("POST", f"/licenses/{key['id']}/ban", {})
    banned = run_cli("--key", key["key"], "--hwid", "cli-py")
    assert (banned.returncode, banned.stdout, banned.stderr) == (1, "", "error LICENSE_BANNED: License is banned\n")
    assert run_cli().returncode == 2
    assert run_cli("--key", "K", "--file", "f").returncode == 2
    assert run_cli("--key", "K", "--unknown", "x").returncode == 2
