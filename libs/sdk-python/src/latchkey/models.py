"""The shapes of the protocol's answers (docs/client-protocol.md, section 1), as JSON gives them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, TypedDict


class InitData(TypedDict):
    name: str
    version: str
    updateUrl: Optional[str]


class ClientUser(TypedDict):
    userId: str
    username: str
    level: int
    hwid: Optional[str]
    # None: a lifetime license
    expiresAt: Optional[str]
    createdAt: str
    lastLoginAt: Optional[str]


class _SessionResultRequired(TypedDict):
    sessionToken: str
    expiresAt: str
    user: ClientUser


class SessionResult(_SessionResultRequired, total=False):
    # offline ticket, when the app hands them out (see Latchkey.verify_ticket)
    ticket: str


class _CheckDataRequired(TypedDict):
    user: ClientUser
    expiresAt: str


class CheckData(_CheckDataRequired, total=False):
    ticket: str


class HeartbeatData(TypedDict):
    expiresAt: str


class TicketClaims(TypedDict):
    """The claims of a verified offline ticket."""

    iss: str
    sub: str
    sid: str
    lvl: int
    hwid: Optional[str]
    iat: int
    exp: int


@dataclass
class Session:
    """The session the client holds after register, login or license."""

    token: str
    # when the session ends unless renewed by activity (ISO 8601)
    expires_at: str
    user: ClientUser
    # offline ticket, when the app hands them out
    ticket: Optional[str] = None


@dataclass(frozen=True)
class DownloadedFile:
    file_id: str
    name: str
    size: int
    # hex SHA-256 of the plaintext, as signed by the service and checked here
    sha256: str
    encrypted: bool


@dataclass(frozen=True)
class ClientResponse:
    """What Latchkey.send answers: the envelope (its echoed nonce checked and removed), status and headers."""

    status: int
    success: bool
    message: str
    data: Dict[str, Any]
    # header values by lowercase name
    headers: Dict[str, str]
    # True when the answer was signed (and then it verified); False for an unsigned answer
    verified: bool


UserVariables = Dict[str, str]
