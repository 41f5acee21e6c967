"""The app's Ed25519 public key, its key id and answer signatures."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from typing import Optional, Union

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from .errors import LatchkeyError

_SIGNATURE_HEX = re.compile(r"[0-9a-fA-F]{128}")


def raw_key(value: str) -> Optional[bytes]:
    """The raw 32 bytes of a base64 key, or None when it is not exactly 32 bytes of canonical base64."""
    try:
        raw = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(raw) != 32 or base64.b64encode(raw).decode("ascii") != value:
        return None
    return raw


def ed25519_public_key(public_key_base64: str) -> Ed25519PublicKey:
    """The app's Ed25519 public key (base64 of the raw 32 bytes, as the admin API shows it)."""
    raw = raw_key(public_key_base64)
    if raw is None:
        raise LatchkeyError("INVALID_ARGUMENT", "public_key must be base64 of a raw 32-byte Ed25519 key")
    return Ed25519PublicKey.from_public_bytes(raw)


def key_id_of(public_key_base64: str) -> str:
    """`keyId` of an app: the first 16 hex characters of SHA-256 of the raw public key (the tickets' `kid`)."""
    raw = raw_key(public_key_base64)
    if raw is None:
        raise LatchkeyError("INVALID_ARGUMENT", "public_key must be base64 of a raw 32-byte Ed25519 key")
    return hashlib.sha256(raw).hexdigest()[:16]


def verify_signature(
    public_key: Union[str, Ed25519PublicKey], timestamp: str, body: bytes, signature_hex: str
) -> bool:
    """Whether `X-Signature-Ed25519` (hex) signs the ASCII timestamp followed by the raw body bytes."""
    if not _SIGNATURE_HEX.fullmatch(signature_hex):
        return False
    key = ed25519_public_key(public_key) if isinstance(public_key, str) else public_key
    try:
        key.verify(bytes.fromhex(signature_hex), timestamp.encode("latin-1") + body)
    except InvalidSignature:
        return False
    return True
