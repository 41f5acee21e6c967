"""Offline tickets (docs/client-protocol.md, section 4): checked with no network."""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
from typing import Any, Callable, Dict, Optional

from cryptography.exceptions import InvalidSignature

from .errors import LatchkeyError
from .keys import ed25519_public_key, key_id_of
from .models import TicketClaims


_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")


def _b64url_decode(part: str) -> bytes:
    if not _BASE64URL.fullmatch(part):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _invalid(reason: str) -> LatchkeyError:
    return LatchkeyError("TICKET_INVALID", f"Offline ticket is invalid: {reason}")


def verify_ticket(
    ticket: str,
    public_key: str,
    app_id: str,
    hwid: Optional[str] = None,
    now: Optional[Callable[[], float]] = None,
) -> TicketClaims:
    """Checks an offline ticket with no network: the EdDSA signature with the
    app's public key (base64 of the raw 32 bytes), ``kid`` (the key's id),
    ``iss`` (``app_id``), ``exp`` (still ahead of now) and the claims' types;
    with ``hwid``, a ticket bound to a machine must name this one. Returns the
    claims; raises LatchkeyError with TICKET_EXPIRED or TICKET_INVALID.
    """
    key = ed25519_public_key(public_key)
    parts = ticket.split(".")
    if len(parts) != 3:
        raise _invalid("not three parts")
    try:
        header: Dict[str, Any] = json.loads(_b64url_decode(parts[0]))
        claims: Dict[str, Any] = json.loads(_b64url_decode(parts[1]))
        signature = _b64url_decode(parts[2])
    except (binascii.Error, ValueError):
        raise _invalid("a part is not base64url JSON") from None
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise _invalid("header or claims are not JSON objects")
    if header.get("alg") != "EdDSA":
        raise _invalid("alg is not EdDSA")
    if header.get("kid") != key_id_of(public_key):
        raise LatchkeyError("TICKET_INVALID", "Offline ticket was signed under another key id")
    try:
        key.verify(signature, f"{parts[0]}.{parts[1]}".encode("ascii"))
    except (InvalidSignature, UnicodeEncodeError):
        raise _invalid("signature verification failed") from None
    if claims.get("iss") != app_id:
        raise _invalid("iss is not this app")
    exp = claims.get("exp")
    if not isinstance(exp, int) or isinstance(exp, bool):
        raise _invalid("exp is not an integer")
    current = int((now or time.time)())
    if current >= exp:
        raise LatchkeyError("TICKET_EXPIRED", "Offline ticket has expired")
    well_formed = (
        isinstance(claims.get("sub"), str)
        and isinstance(claims.get("sid"), str)
        and _is_int(claims.get("lvl"))
        and (claims.get("hwid") is None or isinstance(claims.get("hwid"), str))
        and "hwid" in claims
        and _is_int(claims.get("iat"))
    )
    if not well_formed:
        raise LatchkeyError("TICKET_INVALID", "Offline ticket claims are malformed")
    if hwid is not None and claims["hwid"] is not None and claims["hwid"] != hwid:
        raise LatchkeyError("TICKET_INVALID", "Offline ticket belongs to another machine")
    return TicketClaims(
        iss=claims["iss"],
        sub=claims["sub"],
        sid=claims["sid"],
        lvl=claims["lvl"],
        hwid=claims["hwid"],
        iat=claims["iat"],
        exp=exp,
    )
