"""HTTP with keep-alive (http.client) and the checks every answer of `POST /v1` must pass."""

from __future__ import annotations

import http.client
import json
import re
import secrets
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Tuple, Union
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from .errors import LatchkeyError
from .keys import verify_signature
from .models import ClientResponse

SIGNATURE_HEADER = "x-signature-ed25519"
SIGNATURE_TIMESTAMP_HEADER = "x-signature-timestamp"

_TIMESTAMP = re.compile(r"[0-9]{1,12}")

# Idle connections are dropped after this long, well before servers and proxies
# close theirs (5-75 s), so a call never races a connection being closed under it.
IDLE_SECONDS = 4.0

Connection = Union[http.client.HTTPConnection, http.client.HTTPSConnection]


def new_nonce() -> str:
    """A fresh request nonce: 16 random bytes, base64url (22 characters of `A-Za-z0-9_-`)."""
    return secrets.token_urlsafe(16)


def endpoint_of(url: str) -> str:
    """`POST /v1` of the service at ``url``, given with or without ``/v1`` and trailing slashes."""
    if not isinstance(url, str):
        raise LatchkeyError("INVALID_ARGUMENT", "url must be a string such as https://licensing.example.com")
    base = url.rstrip("/")
    if base.endswith("/v1"):
        base = base[: -len("/v1")].rstrip("/")
    return base + "/v1"


def open_connection(url: str, timeout: float) -> Tuple[Connection, str]:
    """A new connection to the URL's host, and the path (with query) to ask for."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LatchkeyError("INVALID_ARGUMENT", f"unsupported URL {url!r}: http:// or https:// expected")
    connection: Connection
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout)
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return connection, path


class HttpResult:
    """A whole (small) answer: status, headers by lowercase name, body bytes."""

    def __init__(self, status: int, headers: Dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body


def header_map(response: http.client.HTTPResponse) -> Dict[str, str]:
    headers: Dict[str, str] = {}
    for name, value in response.getheaders():
        key = name.lower()
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


class ConnectionPool:
    """Keep-alive connections to one endpoint, shared by the threads of a client.

    A connection is taken for one exchange and given back once the answer was
    read whole, so a heartbeat thread and the program's own calls never share
    one at the same time.
    """

    def __init__(self, url: str, timeout: float) -> None:
        self._url = url
        self._timeout = timeout
        self._idle: List[Tuple[Connection, float]] = []
        self._lock = threading.Lock()
        _, self.path = open_connection(url, timeout)

    def _take(self) -> Tuple[Connection, bool]:
        with self._lock:
            while self._idle:
                connection, since = self._idle.pop()
                if time.monotonic() - since < IDLE_SECONDS:
                    return connection, True
                connection.close()
        return open_connection(self._url, self._timeout)[0], False

    def _give_back(self, connection: Connection) -> None:
        with self._lock:
            self._idle.append((connection, time.monotonic()))

    def post(self, body: bytes, headers: Dict[str, str]) -> HttpResult:
        connection, reused = self._take()
        try:
            result, keep_alive = self._exchange(connection, body, headers)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            if not reused:
                raise
            # The server closed the kept-alive connection before reading the request: send it once more.
            connection = open_connection(self._url, self._timeout)[0]
            result, keep_alive = self._exchange(connection, body, headers)
        if keep_alive:
            self._give_back(connection)
        return result

    def _exchange(self, connection: Connection, body: bytes, headers: Dict[str, str]) -> Tuple[HttpResult, bool]:
        """One request and its whole answer; closes the connection unless it may be used again."""
        try:
            connection.request("POST", self.path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
        except BaseException:
            connection.close()
            raise
        if response.will_close:
            connection.close()
        return HttpResult(response.status, header_map(response), data), not response.will_close

    def close(self) -> None:
        with self._lock:
            for connection, _ in self._idle:
                connection.close()
            self._idle.clear()


def check_answer(
    result: HttpResult,
    nonce: str,
    public_key: Ed25519PublicKey,
    max_skew_seconds: float,
    now: Callable[[], float],
) -> ClientResponse:
    """Checks one answer of `POST /v1`, in this order: signature over the raw
    bytes, JSON shape, timestamp within the allowed skew, the nonce echoed.
    An unsigned answer is returned with ``verified=False`` (the service leaves
    answers for an unknown appId unsigned); callers that need trust refuse it.
    """
    status = result.status
    signature = result.headers.get(SIGNATURE_HEADER)
    timestamp = result.headers.get(SIGNATURE_TIMESTAMP_HEADER)
    signed = signature is not None or timestamp is not None
    if signed:
        if not signature or not timestamp or not _TIMESTAMP.fullmatch(timestamp):
            raise LatchkeyError("SIGNATURE_INVALID", "Answer carries malformed signature headers", status)
        if not verify_signature(public_key, timestamp, result.body, signature):
            raise LatchkeyError(
                "SIGNATURE_INVALID", "Answer's signature does not verify with the app's public key", status
            )
    envelope = parse_envelope(result.body, status)
    if timestamp is not None:
        skew = abs(now() - int(timestamp))
        if skew > max_skew_seconds:
            raise LatchkeyError(
                "STALE_RESPONSE",
                f"Answer was signed {round(skew)} s away from this clock (at most {max_skew_seconds:g} s allowed)",
                status,
            )
        if envelope.get("nonce") != nonce:
            raise LatchkeyError("NONCE_MISMATCH", "Answer does not carry the nonce of this request (a replay?)", status)
    return ClientResponse(
        status=status,
        success=envelope["success"],
        message=envelope["message"],
        data=envelope["data"],
        headers=result.headers,
        verified=signed,
    )


def parse_envelope(body: bytes, status: int) -> Dict[str, Any]:
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise LatchkeyError("UNEXPECTED_RESPONSE", f"Answer is not JSON (HTTP {status})", status) from None
    if (
        not isinstance(value, dict)
        or not isinstance(value.get("success"), bool)
        or not isinstance(value.get("message"), str)
        or not isinstance(value.get("data"), dict)
    ):
        raise LatchkeyError("UNEXPECTED_RESPONSE", f"Answer is not a Latchkey envelope (HTTP {status})", status)
    return value


def parse_json_message(body: bytes) -> Optional[str]:
    """The `message` of a JSON body, or None when there is none."""
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    message = value.get("message") if isinstance(value, dict) else None
    return message if isinstance(message, str) else None
