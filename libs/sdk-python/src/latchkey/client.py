"""The client for `POST /v1` as vendors' software uses it."""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, cast

from .errors import UNVERIFIED_CODES, LatchkeyError, code_for_answer, unsigned_answer_error
from .keys import ed25519_public_key
from .models import (
    CheckData,
    ClientResponse,
    ClientUser,
    DownloadedFile,
    HeartbeatData,
    InitData,
    Session,
    SessionResult,
    TicketClaims,
)
from .ticket import verify_ticket
from .transport import ConnectionPool, check_answer, endpoint_of, new_nonce

if TYPE_CHECKING:
    from .download import Destination


class HeartbeatThread:
    """Sends a heartbeat every ``interval`` seconds from a daemon thread until stopped or the session is lost."""

    def __init__(
        self,
        client: "Latchkey",
        interval: float,
        on_lost: Optional[Callable[[LatchkeyError], None]],
        on_error: Optional[Callable[[LatchkeyError], None]],
    ) -> None:
        self._client = client
        self._interval = interval
        self._on_lost = on_lost
        self._on_error = on_error
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="latchkey-heartbeat", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """Stops the beats; returns once the thread ended (at once when called from a callback)."""
        self._stopped.set()
        if threading.current_thread() is not self._thread:
            self._thread.join()

    def _run(self) -> None:
        while not self._stopped.wait(self._interval):
            try:
                self._client.heartbeat()
            except LatchkeyError as error:
                # A verified 401/403 is the service's word that the session is over; the rest may pass. An
                # answer that failed this side's checks (forged, stale, replayed, unsigned) says nothing.
                verified_refusal = error.status in (401, 403) and error.code not in UNVERIFIED_CODES
                if verified_refusal or error.code == "NO_SESSION":
                    self._stopped.set()
                    if self._on_lost:
                        self._on_lost(error)
                    return
                if self._on_error:
                    self._on_error(error)


class Latchkey:
    """A client for `POST /v1`. Every answer must be signed with the app's key,
    fresh (timestamp within ``max_skew_seconds``) and carry the nonce sent with
    its request, or the call raises LatchkeyError; a refusal of the service
    raises LatchkeyError with the contract's status and message and a stable
    ``code``.

    One client may be used from several threads (the heartbeat thread
    included): each call takes its own kept-alive connection.
    """

    def __init__(
        self,
        url: str,
        app_id: str,
        api_key: str,
        public_key: str,
        *,
        max_skew_seconds: float = 30,
        timeout: float = 15.0,
        now: Callable[[], float] = time.time,
    ) -> None:
        """``url``: where the service runs, e.g. ``https://licensing.example.com`` (``/v1`` and a trailing
        ``/`` may be there or not); bad arguments raise LatchkeyError ``INVALID_ARGUMENT``;
        ``public_key``: the app's public key (base64 of the raw 32-byte Ed25519 key, from the dashboard
        or admin API); ``timeout``: seconds per request without a byte either way; ``now``: the clock,
        in seconds since the epoch.
        """
        self._app_id = app_id
        self._api_key = api_key
        self._public_key_base64 = public_key
        self._public_key = ed25519_public_key(public_key)
        self._max_skew_seconds = max_skew_seconds
        self._timeout = timeout
        self._now = now
        self._endpoint = endpoint_of(url)
        self._pool = ConnectionPool(self._endpoint, timeout)
        self._session: Optional[Session] = None
        self._heartbeat: Optional[HeartbeatThread] = None

    @property
    def session(self) -> Optional[Session]:
        """The session opened by the last register, login or license; None before and after logout."""
        return self._session

    def use_session(self, session: Session) -> None:
        """Continues a session kept elsewhere (e.g. saved by a previous run); ``check()`` tells whether it holds."""
        self._session = Session(session.token, session.expires_at, session.user, session.ticket)

    def close(self) -> None:
        """Stops the heartbeat and closes the kept-alive connections."""
        self.stop_heartbeat()
        self._pool.close()

    def __enter__(self) -> "Latchkey":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def init(self) -> InitData:
        """The app's name, version and update URL."""
        return cast(InitData, self._request({"type": "init"}))

    def register(self, username: str, password: str, license_key: str, hwid: Optional[str] = None) -> SessionResult:
        """Creates an account with an unused key and opens a session."""
        fields = {"type": "register", "username": username, "password": password, "licenseKey": license_key}
        return self._open(self._request(_with_hwid(fields, hwid)))

    def login(self, username: str, password: str, hwid: Optional[str] = None) -> SessionResult:
        fields = {"type": "login", "username": username, "password": password}
        return self._open(self._request(_with_hwid(fields, hwid)))

    def license(self, license_key: str, hwid: Optional[str] = None) -> SessionResult:
        """Authenticates with a license key alone (activated on first use)."""
        return self._open(self._request(_with_hwid({"type": "license", "licenseKey": license_key}, hwid)))

    def upgrade(self, username: str, password: str, license_key: str) -> ClientUser:
        """Redeems an unused key for an existing account; answers the upgraded user."""
        fields = {"type": "upgrade", "username": username, "password": password, "licenseKey": license_key}
        return cast(ClientUser, self._request(fields)["user"])

    def check(self) -> CheckData:
        """Whether the session is still valid (LatchkeyError when not); refreshes the held user and ticket."""
        data = cast(CheckData, self._session_request("check", {}))
        held = self._session
        if held is not None:
            self._session = Session(held.token, data["expiresAt"], data["user"], data.get("ticket"))
        return data

    def heartbeat(self) -> HeartbeatData:
        data = cast(HeartbeatData, self._session_request("heartbeat", {}))
        held = self._session
        if held is not None:
            self._session = Session(held.token, data["expiresAt"], held.user, held.ticket)
        return data

    def start_heartbeat(
        self,
        interval: float = 60.0,
        on_lost: Optional[Callable[[LatchkeyError], None]] = None,
        on_error: Optional[Callable[[LatchkeyError], None]] = None,
    ) -> HeartbeatThread:
        """Sends a heartbeat every ``interval`` seconds (keep it below the app's sessionIdleSeconds) from a
        daemon thread so the session does not go idle. ``on_lost`` gets the error when the service refused
        the session (ended, expired, banned: the thread ends); ``on_error`` a failure without an answer about
        the session (network, signature, 429, 5xx: the beats go on). Both run on the heartbeat thread.
        Starting again replaces the thread.
        """
        self.stop_heartbeat()
        self._heartbeat = HeartbeatThread(self, interval, on_lost, on_error)
        return self._heartbeat

    def stop_heartbeat(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.stop()
        self._heartbeat = None

    def logout(self) -> None:
        """Ends the session on the service and forgets it here."""
        self._session_request("logout", {})
        self.stop_heartbeat()
        self._session = None

    def var(self, key: str) -> str:
        """A server-side variable's value."""
        return cast(str, self._session_request("var", {"key": key})["value"])

    def user_var(self, key: str) -> str:
        """One of the user's own variables (VARIABLE_NOT_FOUND when it has none by that key)."""
        return cast(str, self._session_request("uservar", {"key": key})["value"])

    def user_vars(self) -> Dict[str, str]:
        """Every variable of the user, by key."""
        variables = self._session_request("uservars", {})["variables"]
        return {entry["key"]: entry["value"] for entry in variables}

    def set_user_var(self, key: str, value: str) -> None:
        """Creates or replaces one of the user's own variables (a key of 1-64 of ``A-Za-z0-9_.-``, a value up
        to 4096 characters). A new key when the user holds the most it may (50) raises USER_VARIABLE_LIMIT.
        """
        self._session_request("setuservar", {"key": key, "value": value})

    def delete_user_var(self, key: str) -> None:
        """Deletes one of the user's own variables (VARIABLE_NOT_FOUND when it has none by that key)."""
        self._session_request("deluservar", {"key": key})

    def file(self, file_id: str, destination: Destination, encrypted: bool = True) -> DownloadedFile:
        """Downloads a file to a path or into a binary stream opened for writing.

        By default end-to-end encrypted to a key made for this download only;
        the size and SHA-256 of the plaintext are checked against the signed
        answer. A path only appears once the whole file verified.
        """
        from .download import ClientKeyPair, download_file  # X25519 and AES-GCM: loaded by the first download

        key_pair = ClientKeyPair() if encrypted else None
        fields: Dict[str, Any] = {"fileId": file_id}
        if key_pair is not None:
            fields["clientPublicKey"] = key_pair.public_key
        answer = self._session_request("file", fields)
        return download_file(answer, file_id, destination, key_pair, self._timeout)

    def log(self, message: str) -> None:
        """Adds a line to the app's audit log, attributed to the session's user."""
        self._session_request("log", {"message": message})

    def verify_ticket(self, ticket: Optional[str] = None, hwid: Optional[str] = None) -> TicketClaims:
        """Checks an offline ticket (by default the session's) with no network: signature, key id, issuer
        and expiry, and the machine when ``hwid`` is given.
        """
        if ticket is None and self._session is not None:
            ticket = self._session.ticket
        if not ticket:
            raise LatchkeyError("TICKET_INVALID", "No offline ticket to verify")
        return verify_ticket(ticket, self._public_key_base64, self._app_id, hwid=hwid, now=self._now)

    def send(self, fields: Dict[str, Any]) -> ClientResponse:
        """Low level: sends any fields (credentials and a fresh nonce added) and answers the status and
        envelope whatever the status. A signed answer must verify, be fresh and carry the nonce, or this
        raises; an unsigned one (only an unknown appId gets those) comes back with ``verified=False``.
        """
        nonce = new_nonce()
        body = json.dumps(
            {"appId": self._app_id, "apiKey": self._api_key, **fields, "nonce": nonce}, separators=(",", ":")
        ).encode("utf-8")
        try:
            result = self._pool.post(body, {"Content-Type": "application/json"})
        except (OSError, http.client.HTTPException) as cause:
            raise LatchkeyError("NETWORK", f"Could not reach {self._endpoint}: {cause}") from cause
        return check_answer(result, nonce, self._public_key, self._max_skew_seconds, self._now)

    def _request(self, fields: Dict[str, Any]) -> Dict[str, Any]:
        answer = self.send(fields)
        if not answer.verified:
            raise unsigned_answer_error(answer.status, answer.message)
        if not answer.success:
            raise LatchkeyError(code_for_answer(answer.status, answer.message), answer.message, answer.status)
        return answer.data

    def _session_request(self, request_type: str, fields: Dict[str, Any]) -> Dict[str, Any]:
        held = self._session
        if held is None:
            raise LatchkeyError("NO_SESSION", f"{request_type} needs a session: call login, license or register")
        return self._request({"type": request_type, "sessionToken": held.token, **fields})

    def _open(self, data: Dict[str, Any]) -> SessionResult:
        result = cast(SessionResult, data)
        self._session = Session(result["sessionToken"], result["expiresAt"], result["user"], result.get("ticket"))
        return result


def _with_hwid(fields: Dict[str, Any], hwid: Optional[str]) -> Dict[str, Any]:
    if hwid is not None:
        fields["hwid"] = hwid
    return fields
