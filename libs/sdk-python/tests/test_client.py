"""The client against a fake service signing with the vectors' key: what it sends, and every answer it must refuse."""

from __future__ import annotations

import base64
import hashlib
import io
import os
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import pytest
from conftest import NOW_SECONDS, PUBLIC_KEY, SESSION, Answer, FakeService, Reply, child_env, with_session
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from records import seal_records

from latchkey import FILE_E2E_ALG, Latchkey, LatchkeyError, Session, derive_file_key

Start = Callable[..., FakeService]


def raised(fn: Callable[[], Any]) -> LatchkeyError:
    with pytest.raises(LatchkeyError) as info:
        fn()
    return info.value


def test_sends_credentials_and_a_fresh_nonce_with_every_call_and_answers_the_verified_data(
    fake_service: Start,
) -> None:
    service = fake_service(lambda r: Answer(data={"name": "App", "version": "1.0.0", "updateUrl": None}))
    lk = service.client()
    assert lk.init() == {"name": "App", "version": "1.0.0", "updateUrl": None}
    lk.init()
    first, second = service.requests
    assert first["type"] == "init" and first["apiKey"] == "lk_test"
    assert len(first["nonce"]) == 22 and first["nonce"] != second["nonce"]


def test_keeps_the_session_of_license_login_register_and_uses_it_for_session_calls(fake_service: Start) -> None:
    def answer(request: Dict[str, Any]) -> Answer:
        if request["type"] in ("license", "login", "register"):
            return Answer(message="Authenticated", data={**SESSION, "ticket": "t"})
        if request["type"] == "var":
            return Answer(message="Variable retrieved", data={"key": request["key"], "value": "hello"})
        if request["type"] == "check":
            return Answer(message="Session is valid", data={"user": SESSION["user"], "expiresAt": "later"})
        if request["type"] == "upgrade":
            return Answer(message="Upgraded", data={"user": {**SESSION["user"], "level": 5}})
        return Answer(message="Session alive", data={"expiresAt": "later still"})

    service = fake_service(answer)
    lk = service.client()
    assert raised(lambda: lk.var("motd")).code == "NO_SESSION"
    assert lk.license("KEY", "HW-1")["sessionToken"] == "token-1"
    assert lk.session == Session("token-1", SESSION["expiresAt"], SESSION["user"], "t")
    assert lk.var("motd") == "hello"
    assert lk.check()["expiresAt"] == "later"
    assert lk.session is not None and lk.session.expires_at == "later" and lk.session.ticket is None
    assert lk.heartbeat() == {"expiresAt": "later still"}
    lk.login("alice", "secret")
    lk.register("bob", "secret", "KEY-2", "HW-2")
    assert lk.upgrade("alice", "secret", "KEY-3")["level"] == 5
    sent = [{k: v for k, v in r.items() if k not in ("appId", "apiKey", "nonce")} for r in service.requests]
    assert sent == [
        {"type": "license", "licenseKey": "KEY", "hwid": "HW-1"},
        {"type": "var", "sessionToken": "token-1", "key": "motd"},
        {"type": "check", "sessionToken": "token-1"},
        {"type": "heartbeat", "sessionToken": "token-1"},
        {"type": "login", "username": "alice", "password": "secret"},
        {"type": "register", "username": "bob", "password": "secret", "licenseKey": "KEY-2", "hwid": "HW-2"},
        {"type": "upgrade", "username": "alice", "password": "secret", "licenseKey": "KEY-3"},
    ]
    other = service.client()
    other.use_session(Session("token-9", "x", SESSION["user"]))
    other.log("hello")
    assert service.requests[-1]["sessionToken"] == "token-9" and service.requests[-1]["message"] == "hello"


def test_reads_lists_sets_and_deletes_the_users_own_variables_with_the_session(fake_service: Start) -> None:
    held: Dict[str, str] = {}

    def answer(request: Dict[str, Any]) -> Answer:
        kind = request["type"]
        if kind == "setuservar":
            held[request["key"]] = request["value"]
            return Answer(message="User variable saved", data={"key": request["key"], "value": request["value"]})
        if kind == "uservars":
            variables = [{"key": k, "value": held[k]} for k in sorted(held)]
            return Answer(message="User variables retrieved", data={"variables": variables})
        if request["key"] not in held:
            return Answer(status=404, success=False, message="Variable not found")
        if kind == "deluservar":
            del held[request["key"]]
            return Answer(message="User variable deleted")
        return Answer(message="User variable retrieved", data={"key": request["key"], "value": held[request["key"]]})

    lk = fake_service(with_session(answer)).client()
    lk.license("KEY")
    lk.set_user_var("theme", "dark")
    lk.set_user_var("slot", "")
    assert lk.user_var("theme") == "dark"
    assert lk.user_vars() == {"slot": "", "theme": "dark"}
    lk.delete_user_var("theme")
    missing = raised(lambda: lk.user_var("theme"))
    assert (missing.code, missing.status, missing.message) == ("VARIABLE_NOT_FOUND", 404, "Variable not found")
    assert raised(lambda: lk.delete_user_var("theme")).code == "VARIABLE_NOT_FOUND"


@pytest.mark.parametrize(
    "status,message,code",
    [
        (401, "Invalid or expired session", "INVALID_SESSION"),
        (403, "License is banned", "LICENSE_BANNED"),
        (404, "License key not found", "LICENSE_NOT_FOUND"),
        (409, "License key already used", "LICENSE_USED"),
        (403, "Hardware ID mismatch", "HWID_MISMATCH"),
        (409, "User variable limit reached", "USER_VARIABLE_LIMIT"),
        (429, "Too many requests", "TOO_MANY_REQUESTS"),
        (400, "username must be 3-32 characters", "VALIDATION"),
        (500, "Internal server error", "SERVER_ERROR"),
        (418, "I'm a teapot", "UNKNOWN_ERROR"),
    ],
)
def test_raises_the_contract_refusals_as_latchkey_error_with_status_and_a_stable_code(
    fake_service: Start, status: int, message: str, code: str
) -> None:
    lk = fake_service(lambda r: Answer(status=status, success=False, message=message)).client()
    err = raised(lambda: lk.license("KEY"))
    assert (err.status, err.message, err.code) == (status, message, code)


def test_refuses_an_unsigned_answer_a_tampered_one_a_replay_a_stale_one_and_one_signed_by_another_key(
    fake_service: Start,
) -> None:
    unsigned = fake_service(lambda r: Answer(unsigned=True))
    assert raised(unsigned.client().init).code == "SIGNATURE_INVALID"
    # Only an unknown appId gets this answer unsigned from the service.
    unknown = fake_service(
        lambda r: Answer(status=401, success=False, message="Invalid application credentials", unsigned=True)
    )
    assert (raised(unknown.client().init).code, raised(unknown.client().init).status) == ("APP_UNKNOWN", 401)

    def forge(body: bytes) -> bytes:
        return body.replace(b'"success":false', b'"success":true').replace(b"Access denied", b"App initialized")

    tampered = fake_service(lambda r: Answer(status=403, success=False, message="Access denied", tamper=forge))
    assert raised(tampered.client().init).code == "SIGNATURE_INVALID"

    # A proxy that saved the first answer and plays it back.
    saved: List[Any] = []

    def replaying(request: Dict[str, Any]) -> Answer:
        if not saved:
            saved.append(FakeService.render(Answer(), request))
        return Answer(raw=saved[0])

    lk = fake_service(replaying).client()
    lk.init()
    assert raised(lk.init).code == "NONCE_MISMATCH"

    no_nonce = fake_service(lambda r: Answer(nonce=None))
    assert raised(no_nonce.client().init).code == "NONCE_MISMATCH"

    stale = fake_service(lambda r: Answer(timestamp=NOW_SECONDS - 31))
    assert raised(stale.client().init).code == "STALE_RESPONSE"
    assert dict(stale.client(max_skew_seconds=60).init()) == {}
    future = fake_service(lambda r: Answer(timestamp=NOW_SECONDS + 31))
    assert raised(future.client().init).code == "STALE_RESPONSE"

    other_key = Ed25519PrivateKey.generate().public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    signed = fake_service(lambda r: Answer())
    refused = raised(signed.client(public_key=base64.b64encode(other_key).decode()).init)
    assert refused.code == "SIGNATURE_INVALID"


def test_a_forged_success_for_a_refused_license_is_refused_and_the_session_is_not_opened(fake_service: Start) -> None:
    def forge(body: bytes) -> bytes:
        return body.replace(b'"success":false', b'"success":true').replace(b"License is banned", b"Authenticated")

    service = fake_service(lambda r: Answer(status=403, success=False, message="License is banned", tamper=forge))
    lk = service.client()
    assert raised(lambda: lk.license("KEY")).code == "SIGNATURE_INVALID"
    assert lk.session is None


def test_reports_no_answer_as_network_and_a_non_envelope_as_unexpected_response(fake_service: Start) -> None:
    closed = fake_service(lambda r: Answer())
    url = closed.url
    closed.close()
    down = Latchkey(url, "app", "lk_test", PUBLIC_KEY, timeout=2)
    assert raised(down.init).code == "NETWORK"
    html = fake_service(lambda r: Answer(raw=(502, {"Content-Type": "text/html"}, b"<html>")))
    err = raised(html.client().init)
    assert (err.code, err.status) == ("UNEXPECTED_RESPONSE", 502)


def test_refuses_a_public_key_that_is_not_32_bytes_of_base64() -> None:
    for key in ("abc", base64.b64encode(b"x" * 31).decode(), PUBLIC_KEY.rstrip("=")):
        with pytest.raises(LatchkeyError) as raised:
            Latchkey("http://127.0.0.1:1", "app", "lk", key)
        assert raised.value.code == "INVALID_ARGUMENT"


def test_logs_out_and_forgets_the_session(fake_service: Start) -> None:
    service = fake_service(with_session(lambda r: Answer(message="Logged out")))
    lk = service.client()
    lk.license("KEY")
    lk.logout()
    assert lk.session is None
    assert raised(lk.check).code == "NO_SESSION"


def test_carries_calls_over_one_kept_alive_connection(fake_service: Start) -> None:
    service = fake_service(lambda r: Answer())
    lk = service.client()
    for _ in range(5):
        lk.init()
    assert service.connections == 1
    lk.close()


def test_sends_again_on_a_new_connection_when_the_server_closed_the_kept_alive_one(fake_service: Start) -> None:
    service = fake_service(lambda r: Answer(), drop_connections=True)
    lk = service.client()
    for _ in range(3):
        lk.init()
    assert service.connections == 3 and len(service.requests) == 3


def test_heartbeat_thread_beats_reports_passing_failures_and_stops_when_the_session_is_lost(
    fake_service: Start,
) -> None:
    beats: List[str] = []

    def answer(request: Dict[str, Any]) -> Answer:
        beats.append(request["type"])
        if len(beats) == 1:
            return Answer(status=429, success=False, message="Too many requests")
        if len(beats) == 2:
            return Answer(message="Session alive", data={"expiresAt": "later"})
        if len(beats) == 3:  # unsigned: not the service's word, so the session goes on
            return Answer(status=401, success=False, message="Invalid or expired session", unsigned=True)
        return Answer(status=401, success=False, message="Invalid or expired session")

    lk = fake_service(with_session(answer)).client()
    lk.license("KEY")
    errors: List[LatchkeyError] = []
    lost: List[LatchkeyError] = []
    done = threading.Event()

    def on_lost(error: LatchkeyError) -> None:
        lost.append(error)
        done.set()

    timer = lk.start_heartbeat(interval=0.01, on_lost=on_lost, on_error=errors.append)
    assert done.wait(10)
    timer.stop()
    assert [e.code for e in errors] == ["TOO_MANY_REQUESTS", "SIGNATURE_INVALID"]
    assert [e.code for e in lost] == ["INVALID_SESSION"]
    assert beats == ["heartbeat"] * 4
    assert not timer.running


def test_heartbeat_thread_stops_on_request(fake_service: Start) -> None:
    lk = fake_service(with_session(lambda r: Answer(message="Session alive", data={"expiresAt": "x"}))).client()
    lk.license("KEY")
    timer = lk.start_heartbeat(interval=3600)
    assert timer.running
    lk.stop_heartbeat()
    assert not timer.running


CONTENT = secrets.token_bytes(150_000)
SHA256 = hashlib.sha256(CONTENT).hexdigest()


def x25519_public(private_key: X25519PrivateKey) -> bytes:
    return private_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


class FileService:
    """A service that encrypts like the real one; ``change_answer`` alters its signed answer,
    ``change_body`` the bytes of the download, ``status`` refuses the download."""

    def __init__(
        self,
        start: Start,
        change_answer: Optional[Callable[[Dict[str, Any]], None]] = None,
        change_body: Optional[Callable[[bytes], bytes]] = None,
        status: Optional[int] = None,
    ) -> None:
        self.stream = b""
        self.encrypted = False
        self.change_answer = change_answer
        self.change_body = change_body
        self.status = status
        self.service = start(self.answer, self.download)

    def answer(self, request: Dict[str, Any]) -> Answer:
        if request["type"] == "license":
            return Answer(message="Authenticated", data=SESSION)
        data: Dict[str, Any] = {"fileId": request["fileId"], "name": "app.bin", "size": len(CONTENT), "sha256": SHA256}
        data["url"] = f"{self.service.url}/v1/files/download/abc"
        data["expiresAt"] = "2026-11-22T00:01:00.000Z"
        self.encrypted = "clientPublicKey" in request
        if self.encrypted:
            server = X25519PrivateKey.generate()
            salt = secrets.token_bytes(16)
            client_public = base64.b64decode(request["clientPublicKey"])
            # X25519 is symmetric: the server derives the client's key from its private half and the client's public key.
            key = derive_file_key(server, client_public, salt, request["fileId"])
            self.stream = b"".join(seal_records(key, CONTENT, 65536))
            data["encryption"] = {
                "alg": FILE_E2E_ALG,
                "serverPublicKey": base64.b64encode(x25519_public(server)).decode(),
                "salt": base64.b64encode(salt).decode(),
                "recordSize": 65536,
                "clientPublicKey": request["clientPublicKey"],
            }
        else:
            self.stream = CONTENT
        if self.change_answer:
            self.change_answer(data)
        return Answer(message="Download ready", data=data)

    def download(self, path: str) -> Reply:
        if self.status:
            body = b'{"success":false,"message":"Download link expired or already used","data":{}}'
            return Reply(self.status, body, {"Content-Type": "application/json"})
        headers = {"Content-Type": "application/octet-stream"}
        if self.encrypted:
            headers["X-Content-Encryption"] = FILE_E2E_ALG
        return Reply(200, self.change_body(self.stream) if self.change_body else self.stream, headers)

    def download_to(self, destination: Any, encrypted: bool = True) -> Any:
        lk = self.service.client()
        lk.license("KEY")
        return lk.file("file-1", destination, encrypted=encrypted)


def test_downloads_end_to_end_encrypted_to_a_path_with_a_fresh_key_per_download(
    fake_service: Start, tmp_path: Path
) -> None:
    files = FileService(fake_service)
    target = tmp_path / "encrypted.bin"
    result = files.download_to(str(target))
    assert (result.file_id, result.name, result.size, result.sha256, result.encrypted) == (
        "file-1",
        "app.bin",
        len(CONTENT),
        SHA256,
        True,
    )
    assert target.read_bytes() == CONTENT
    files.download_to(tmp_path / "again.bin")
    keys = [r["clientPublicKey"] for r in files.service.requests if r["type"] == "file"]
    assert len(keys) == 2 and keys[0] != keys[1]
    assert sorted(os.listdir(tmp_path)) == ["again.bin", "encrypted.bin"]


def test_downloads_without_encryption_when_asked_and_into_a_stream(fake_service: Start, tmp_path: Path) -> None:
    plain = FileService(fake_service)
    assert plain.download_to(str(tmp_path / "plain.bin"), encrypted=False).encrypted is False
    assert "clientPublicKey" not in next(r for r in plain.service.requests if r["type"] == "file")
    assert (tmp_path / "plain.bin").read_bytes() == CONTENT
    sink = io.BytesIO()
    FileService(fake_service).download_to(sink)
    assert sink.getvalue() == CONTENT


def test_refuses_a_body_that_does_not_match_the_signed_sha256_and_leaves_no_file_behind(
    fake_service: Start, tmp_path: Path
) -> None:
    def forge_digest(data: Dict[str, Any]) -> None:
        data["sha256"] = "f" * 64

    forged = FileService(fake_service, change_answer=forge_digest)
    assert raised(lambda: forged.download_to(str(tmp_path / "forged.bin"))).code == "FILE_INTEGRITY"
    assert os.listdir(tmp_path) == []

    def flip(stream: bytes) -> bytes:
        copy = bytearray(stream)
        copy[1000] ^= 1
        return bytes(copy)

    flipped = FileService(fake_service, change_body=flip)
    assert raised(lambda: flipped.download_to(str(tmp_path / "flipped.bin"))).code == "FILE_INTEGRITY"
    cut = FileService(fake_service, change_body=lambda stream: stream[:65552])
    assert raised(lambda: cut.download_to(str(tmp_path / "cut.bin"))).code == "FILE_INTEGRITY"
    sink = io.BytesIO()
    assert raised(lambda: FileService(fake_service, change_body=flip).download_to(sink)).code == "FILE_INTEGRITY"
    assert os.listdir(tmp_path) == []
    plain_forged = FileService(fake_service, change_answer=forge_digest)
    err = raised(lambda: plain_forged.download_to(io.BytesIO(), encrypted=False))
    assert err.code == "FILE_INTEGRITY"


def test_refuses_an_answer_encrypted_to_another_key_and_reports_a_used_link_as_download_gone(
    fake_service: Start, tmp_path: Path
) -> None:
    other = base64.b64encode(x25519_public(X25519PrivateKey.generate())).decode()

    def swap(data: Dict[str, Any]) -> None:
        data["encryption"]["clientPublicKey"] = other

    swapped = FileService(fake_service, change_answer=swap)
    assert raised(lambda: swapped.download_to(str(tmp_path / "swapped.bin"))).code == "UNEXPECTED_RESPONSE"
    assert swapped.service.gets == []

    def unencrypted(data: Dict[str, Any]) -> None:
        del data["encryption"]

    assert raised(lambda: FileService(fake_service, change_answer=unencrypted).download_to(io.BytesIO())).code == (
        "UNEXPECTED_RESPONSE"
    )

    gone = FileService(fake_service, status=410)
    err = raised(lambda: gone.download_to(str(tmp_path / "gone.bin")))
    assert (err.code, err.status, err.message) == ("DOWNLOAD_GONE", 410, "Download link expired or already used")
    assert os.listdir(tmp_path) == []


def run_cli(service: FakeService, *args: str) -> "subprocess.CompletedProcess[str]":
    sdk = Path(__file__).resolve().parents[1]
    env = child_env(
        LATCHKEY_URL=service.url, LATCHKEY_APP_ID="app", LATCHKEY_API_KEY="lk_test", LATCHKEY_PUBLIC_KEY=PUBLIC_KEY
    )
    return subprocess.run(
        [sys.executable, str(sdk / "examples" / "cli.py"), "--key", "KEY", "--hwid", "hw", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_example_cli_refuses_a_forged_a_stale_and_a_replayed_answer(fake_service: Start) -> None:
    """The signing time is now here: the CLI runs on the real clock."""

    def forge(body: bytes) -> bytes:
        return body.replace(b'"success":false', b'"success":true').replace(b"License is banned", b"Authenticated")

    def banned(timestamp: int) -> Answer:
        return Answer(status=403, success=False, message="License is banned", timestamp=timestamp, tamper=forge)

    forged = run_cli(fake_service(lambda r: banned(int(time.time()))))
    assert (forged.returncode, forged.stdout) == (1, "")
    assert forged.stderr.startswith("error SIGNATURE_INVALID: ")

    stale = run_cli(fake_service(lambda r: Answer(message="Authenticated", data=SESSION, timestamp=NOW_SECONDS)))
    assert (stale.returncode, stale.stderr.split(":")[0]) == (1, "error STALE_RESPONSE")

    def replayed(request: Dict[str, Any]) -> Answer:
        return Answer(message="Authenticated", data=SESSION, timestamp=int(time.time()), nonce="c2Vzc2lvbi1jaGVjay0x")

    replay = run_cli(fake_service(replayed))
    assert (replay.returncode, replay.stderr.split(":")[0]) == (1, "error NONCE_MISMATCH")


def test_reports_a_download_link_that_does_not_answer_as_network(fake_service: Start, tmp_path: Path) -> None:
    closed = fake_service(lambda r: Answer())
    dead_url = f"{closed.url}/v1/files/download/abc"
    closed.close()

    def unreachable(data: Dict[str, Any]) -> None:
        data["url"] = dead_url

    files = FileService(fake_service, change_answer=unreachable)
    assert raised(lambda: files.download_to(str(tmp_path / "never.bin"))).code == "NETWORK"
    assert os.listdir(tmp_path) == []


def test_takes_the_service_url_with_or_without_v1_and_trailing_slashes(fake_service: Start) -> None:
    service = fake_service(lambda r: Answer(data={"name": "App", "version": "1", "updateUrl": None}))
    for url in (service.url, service.url + "/", service.url + "/v1", service.url + "/v1/"):
        with Latchkey(url, "app", "lk_test", PUBLIC_KEY, now=lambda: float(NOW_SECONDS)) as lk:
            lk.init()
    assert service.posts == ["/v1"] * 4


def test_a_bad_argument_is_an_invalid_argument_error() -> None:
    for make in (
        lambda: Latchkey("ftp://example.com", "app", "lk", PUBLIC_KEY),
        lambda: Latchkey("http://127.0.0.1:1", "app", "lk", "not a key"),
    ):
        err = raised(make)
        assert (err.code, err.status) == ("INVALID_ARGUMENT", 0)
