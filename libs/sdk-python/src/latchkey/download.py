"""Fetching the single-use link of a signed `file` answer, decrypting and checking it as it streams."""

from __future__ import annotations

import base64
import binascii
import hashlib
import http.client
import os
import re
import secrets
from typing import Any, BinaryIO, Dict, Iterator, Optional, Union
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from .errors import LatchkeyError, code_for_answer
from .file_crypto import CONTENT_ENCRYPTION_HEADER, FILE_E2E_ALG, FileDecipher, derive_file_key
from .keys import raw_key
from .models import DownloadedFile
from .transport import open_connection, parse_json_message

# A file path, or a binary stream opened for writing (left open).
Destination = Union[str, "os.PathLike[str]", BinaryIO]

# Largest record size accepted from an answer, so a hostile one cannot make us buffer without bound.
MAX_RECORD_SIZE = 16 * 1024 * 1024
_READ_BYTES = 64 * 1024
_SHA256_HEX = re.compile(r"[0-9a-f]{64}")


class ClientKeyPair:
    """The client's X25519 pair made for one download."""

    def __init__(self) -> None:
        self.private_key = X25519PrivateKey.generate()
        raw = self.private_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public_key = base64.b64encode(raw).decode("ascii")


def check_file_answer(answer: Dict[str, Any], file_id: str, client_public_key: Optional[str]) -> None:
    """The signed answer must describe the file asked for, with the encryption asked for, to our key."""
    problem = _file_answer_problem(answer, file_id, client_public_key)
    if problem is not None:
        raise LatchkeyError("UNEXPECTED_RESPONSE", f"The file answer {problem}", 200)


def _file_answer_problem(answer: Dict[str, Any], file_id: str, client_public_key: Optional[str]) -> Optional[str]:
    size = answer.get("size")
    if answer.get("fileId") != file_id:
        return "names another file"
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        return "has no valid size"
    if not isinstance(answer.get("sha256"), str) or not _SHA256_HEX.fullmatch(answer["sha256"]):
        return "has no valid sha256"
    url = answer.get("url")
    if not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).hostname:
        return "has no absolute url"
    if not isinstance(answer.get("name"), str):
        return "has no name"
    if client_public_key is None:
        return None
    encryption = answer.get("encryption")
    if not isinstance(encryption, dict):
        return "is not encrypted"
    if encryption.get("alg") != FILE_E2E_ALG:
        return f"uses {encryption.get('alg')}"
    if encryption.get("clientPublicKey") != client_public_key:
        return "is encrypted to another key"
    server_public_key = encryption.get("serverPublicKey")
    if not isinstance(server_public_key, str) or raw_key(server_public_key) is None:
        return "has no valid serverPublicKey"
    salt = encryption.get("salt")
    if not isinstance(salt, str) or len(_b64(salt) or b"") != 16:
        return "has no valid salt"
    record_size = encryption.get("recordSize")
    if not isinstance(record_size, int) or isinstance(record_size, bool) or not 1 <= record_size <= MAX_RECORD_SIZE:
        return "has no valid recordSize"
    return None


def _b64(value: str) -> Optional[bytes]:
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None


class _DigestCheck:
    """Hashes the plaintext as it passes and refuses more bytes than signed."""

    def __init__(self, size: int, sha256: str) -> None:
        self._size = size
        self._sha256 = sha256
        self._hash = hashlib.sha256()
        self._bytes = 0

    def update(self, plain: bytes) -> None:
        self._hash.update(plain)
        self._bytes += len(plain)
        if self._bytes > self._size:
            raise LatchkeyError("FILE_INTEGRITY", "Download is longer than the signed size")

    def finish(self) -> None:
        if self._bytes != self._size or self._hash.hexdigest() != self._sha256:
            raise LatchkeyError("FILE_INTEGRITY", "Downloaded file does not match the signed size and SHA-256")


def download_file(
    answer: Dict[str, Any],
    file_id: str,
    destination: Destination,
    key_pair: Optional[ClientKeyPair],
    timeout: float,
) -> DownloadedFile:
    """Fetches the link of a signed `file` answer and writes the verified plaintext to ``destination``.

    A path is written beside the target and renamed once the whole file
    verified, so it never holds a partial or forged file. A stream gets the
    plaintext as records verify, except the latest chunk, held back until the
    size and SHA-256 matched.
    """
    check_file_answer(answer, file_id, key_pair.public_key if key_pair else None)
    decipher: Optional[FileDecipher] = None
    if key_pair is not None:
        encryption = answer["encryption"]
        key = derive_file_key(
            key_pair.private_key,
            raw_key(encryption["serverPublicKey"]) or b"",
            base64.b64decode(encryption["salt"]),
            answer["fileId"],
        )
        decipher = FileDecipher(key, encryption["recordSize"])
    digest = _DigestCheck(answer["size"], answer["sha256"])

    connection, path = open_connection(answer["url"], timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
    except (OSError, http.client.HTTPException) as cause:
        connection.close()
        raise LatchkeyError("NETWORK", f"Could not fetch the download: {cause}") from cause
    try:
        if response.status != 200:
            message = parse_json_message(_read_small(response)) or f"Download failed with HTTP {response.status}"
            raise LatchkeyError(code_for_answer(response.status, message), message, response.status)
        if key_pair is not None and response.getheader(CONTENT_ENCRYPTION_HEADER) != FILE_E2E_ALG:
            raise LatchkeyError("UNEXPECTED_RESPONSE", "Download is not end-to-end encrypted as requested", 200)
        if isinstance(destination, (str, os.PathLike)):
            _to_path(response, os.fspath(destination), decipher, digest)
        else:
            _to_stream(response, destination, decipher, digest)
    finally:
        connection.close()
    return DownloadedFile(
        file_id=answer["fileId"],
        name=answer["name"],
        size=answer["size"],
        sha256=answer["sha256"],
        encrypted=key_pair is not None,
    )


def _read_small(response: http.client.HTTPResponse) -> bytes:
    try:
        return response.read(64 * 1024)
    except (OSError, http.client.HTTPException):
        return b""


def _plain_chunks(
    response: http.client.HTTPResponse, decipher: Optional[FileDecipher], digest: _DigestCheck
) -> Iterator[bytes]:
    """Yields verified plaintext; raises FILE_INTEGRITY or NETWORK."""
    while True:
        try:
            chunk = response.read1(_READ_BYTES)
        except (OSError, http.client.HTTPException) as cause:
            raise LatchkeyError("NETWORK", f"Download failed: {cause}") from cause
        if not chunk:
            break
        plain = decipher.update(chunk) if decipher else chunk
        if plain:
            digest.update(plain)
            yield plain
    if decipher:
        plain = decipher.finish()
        if plain:
            digest.update(plain)
            yield plain
    digest.finish()


def _to_path(
    response: http.client.HTTPResponse, destination: str, decipher: Optional[FileDecipher], digest: _DigestCheck
) -> None:
    partial = f"{destination}.{secrets.token_hex(6)}.part"
    try:
        with open(partial, "wb") as out:
            for plain in _plain_chunks(response, decipher, digest):
                out.write(plain)
        os.replace(partial, destination)
    except BaseException:
        try:
            os.remove(partial)
        except FileNotFoundError:
            pass
        raise


def _to_stream(
    response: http.client.HTTPResponse, destination: BinaryIO, decipher: Optional[FileDecipher], digest: _DigestCheck
) -> None:
    held: Optional[bytes] = None
    for plain in _plain_chunks(response, decipher, digest):
        if held is not None:
            destination.write(held)
        held = plain
    # _plain_chunks ended without raising: the size and SHA-256 matched.
    if held is not None:
        destination.write(held)
