"""Typed errors: one stable code per refusal of the contract and per check made here."""

from __future__ import annotations

from typing import Dict, FrozenSet, Literal, Optional, Union

ServerErrorCode = Literal[
    "UNKNOWN_TYPE",
    "INVALID_APP_CREDENTIALS",
    "APP_DISABLED",
    "ACCESS_DENIED",
    "INVALID_USER_LOGIN",
    "LICENSE_NOT_FOUND",
    "LICENSE_BANNED",
    "LICENSE_EXPIRED",
    "LICENSE_USED",
    "USERNAME_TAKEN",
    "USER_BANNED",
    "HWID_MISMATCH",
    "INVALID_SESSION",
    "VARIABLE_NOT_FOUND",
    "FILE_NOT_FOUND",
    "INSUFFICIENT_LEVEL",
    "TOO_MANY_REQUESTS",
    "USER_VARIABLE_LIMIT",
    # 400 naming a field, e.g. `username must be 3-32 characters`
    "VALIDATION",
    # 410: a download link used twice, after 60 s or after the session ended
    "DOWNLOAD_GONE",
    # 5xx
    "SERVER_ERROR",
    # a status and message this SDK version does not know
    "UNKNOWN_ERROR",
]

ClientErrorCode = Literal[
    # unsigned answer, or a signature that does not verify with the app's public key
    "SIGNATURE_INVALID",
    # the signed timestamp is further from now than max_skew_seconds
    "STALE_RESPONSE",
    # the signed answer does not carry this request's nonce: a replay
    "NONCE_MISMATCH",
    # no answer: connection refused, DNS, timeout
    "NETWORK",
    # an answer that is not the protocol's (not JSON, wrong shape, wrong encryption parameters)
    "UNEXPECTED_RESPONSE",
    # a session call before register, login or license (or after logout)
    "NO_SESSION",
    # a downloaded file whose size or SHA-256 differs from the signed answer, or a record that fails to decrypt
    "FILE_INTEGRITY",
    # an offline ticket with a bad signature, key id, issuer, machine or claims
    "TICKET_INVALID",
    # an offline ticket past its `exp`
    "TICKET_EXPIRED",
    # machine_id(): the platform's machine identifier could not be read
    "MACHINE_ID_UNAVAILABLE",
    # the service does not know this appId (its unsigned 401 `Invalid application credentials`)
    "APP_UNKNOWN",
    # an argument this SDK cannot use: a URL that is not http(s), a malformed public key, an empty salt
    "INVALID_ARGUMENT",
]

LatchkeyErrorCode = Union[ServerErrorCode, ClientErrorCode]

# Errors about an answer this side could not believe: whatever their status, not the service's verified word.
UNVERIFIED_CODES: FrozenSet[str] = frozenset(
    ["SIGNATURE_INVALID", "STALE_RESPONSE", "NONCE_MISMATCH", "UNEXPECTED_RESPONSE", "APP_UNKNOWN"]
)


class LatchkeyError(Exception):
    """A refusal of the service (verified) or a check that failed here.

    ``code`` is stable across versions and SDKs (the TypeScript and C SDKs use
    the same names): match on it, not on ``message``. ``status`` is the HTTP
    status of the answer, 0 when there was none or the check was local.
    """

    def __init__(self, code: LatchkeyErrorCode, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.code: LatchkeyErrorCode = code
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


# The contract's refusal messages (spec/contract.md section 1), each with its code.
CODE_BY_MESSAGE: Dict[str, ServerErrorCode] = {
    "Unknown request type": "UNKNOWN_TYPE",
    "Invalid application credentials": "INVALID_APP_CREDENTIALS",
    "Application is disabled": "APP_DISABLED",
    "Access denied": "ACCESS_DENIED",
    "Invalid username or password": "INVALID_USER_LOGIN",
    "License key not found": "LICENSE_NOT_FOUND",
    "License is banned": "LICENSE_BANNED",
    "License has expired": "LICENSE_EXPIRED",
    "License key already used": "LICENSE_USED",
    "Username already taken": "USERNAME_TAKEN",
    "User is banned": "USER_BANNED",
    "Hardware ID mismatch": "HWID_MISMATCH",
    "Invalid or expired session": "INVALID_SESSION",
    "Variable not found": "VARIABLE_NOT_FOUND",
    "File not found": "FILE_NOT_FOUND",
    "Insufficient level": "INSUFFICIENT_LEVEL",
    "Too many requests": "TOO_MANY_REQUESTS",
    "User variable limit reached": "USER_VARIABLE_LIMIT",
    "Download link expired or already used": "DOWNLOAD_GONE",
}


def unsigned_answer_error(status: int, message: Optional[str]) -> LatchkeyError:
    """The error for an answer that carries no signature. The service signs every
    answer of a known app, so its unsigned 401 `Invalid application credentials`
    means the appId is unknown to it (a wrong apiKey of a known app is signed);
    anything else unsigned is not the service's word.
    """
    if status == 401 and message == "Invalid application credentials":
        return LatchkeyError(
            "APP_UNKNOWN",
            "The service does not know this appId (unsigned answer: 401 Invalid application credentials)",
            status,
        )
    return LatchkeyError("SIGNATURE_INVALID", f"Answer is not signed (HTTP {status}: {message})", status)


def code_for_answer(status: int, message: Optional[str]) -> ServerErrorCode:
    """The code of a refusal the service answered with."""
    known = CODE_BY_MESSAGE.get(message) if message is not None else None
    if known is not None:
        return known
    if status == 400:
        return "VALIDATION"
    if status == 410:
        return "DOWNLOAD_GONE"
    if status >= 500:
        return "SERVER_ERROR"
    return "UNKNOWN_ERROR"
