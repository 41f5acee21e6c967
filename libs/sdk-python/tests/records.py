"""Sealing records as the service does, for the tests' fake downloads (the inverse of FileDecipher)."""

from __future__ import annotations

from typing import List

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from latchkey import record_nonce


def seal_records(key: bytes, plaintext: bytes, record_size: int) -> List[bytes]:
    """Each record sealed with AES-256-GCM (ciphertext then tag); an empty file is one empty record."""
    count = max(1, -(-len(plaintext) // record_size))
    aead = AESGCM(key)
    return [
        aead.encrypt(
            record_nonce(i),
            plaintext[i * record_size : (i + 1) * record_size],
            b"\x01" if i == count - 1 else b"\x00",
        )
        for i in range(count)
    ]
