"""End-to-end encrypted downloads (docs/client-protocol.md, section 5): key derivation and the record stream."""

from __future__ import annotations

import struct
from typing import List

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .errors import LatchkeyError

FILE_E2E_ALG = "X25519-HKDF-SHA256-AES256GCM-STREAM"
CONTENT_ENCRYPTION_HEADER = "x-content-encryption"
TAG_BYTES = 16
_KEY_INFO_PREFIX = "latchkey-file-v1:"


def derive_file_key(
    client_private_key: X25519PrivateKey, server_public_key: bytes, salt: bytes, file_id: str
) -> bytes:
    """The AES-256 key of one download:
    HKDF-SHA256(ikm = X25519(client private, server public), salt, info = "latchkey-file-v1:" + fileId, 32 bytes).
    """
    shared = client_private_key.exchange(X25519PublicKey.from_public_bytes(server_public_key))
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=(_KEY_INFO_PREFIX + file_id).encode("utf-8"))
    return hkdf.derive(shared)


def record_nonce(index: int) -> bytes:
    """Record ``index``'s GCM nonce: 4 zero bytes, then the index as an 8-byte big-endian integer."""
    return b"\x00\x00\x00\x00" + struct.pack(">Q", index)


class FileDecipher:
    """Decrypts the record stream of an end-to-end encrypted download.

    Each record is ``record_size`` bytes of plaintext (the last one shorter or
    equal, an empty file one empty record) sealed with AES-256-GCM and followed
    by its 16-byte tag; the AAD is one byte, 1 for the last record and 0
    otherwise. ``update`` answers the plaintext of the records whose tag
    verified; the last record is only known at the end of the stream, so one
    full record is held back until more bytes arrive or ``finish`` is called.
    A stream cut at a record boundary fails, as its final record was sealed as
    "not last".
    """

    def __init__(self, key: bytes, record_size: int) -> None:
        self._aead = AESGCM(key)
        self._sealed_record_bytes = record_size + TAG_BYTES
        self._pending = bytearray()
        self._index = 0

    def update(self, chunk: bytes) -> bytes:
        self._pending += chunk
        out: List[bytes] = []
        # Strictly more than one sealed record buffered: the first one is not the last.
        while len(self._pending) > self._sealed_record_bytes:
            out.append(self._open(bytes(self._pending[: self._sealed_record_bytes]), last=False))
            del self._pending[: self._sealed_record_bytes]
        return b"".join(out)

    def finish(self) -> bytes:
        if len(self._pending) < TAG_BYTES:
            raise LatchkeyError("FILE_INTEGRITY", "Encrypted download is truncated")
        plain = self._open(bytes(self._pending), last=True)
        self._pending = bytearray()
        return plain

    def _open(self, sealed: bytes, last: bool) -> bytes:
        try:
            plain = self._aead.decrypt(record_nonce(self._index), sealed, b"\x01" if last else b"\x00")
        except InvalidTag:
            raise LatchkeyError(
                "FILE_INTEGRITY", f"Encrypted download record {self._index} failed to authenticate"
            ) from None
        self._index += 1
        return plain
