"""latchkey: the Python client for Latchkey's `POST /v1`.

Every answer is checked (Ed25519 signature, timestamp, nonce) before it is
believed. The names below are loaded on first use, so ``import latchkey``
costs next to nothing until a client is made (``cryptography`` and
``http.client`` are then imported).
"""

from __future__ import annotations

import importlib

# Not typing.TYPE_CHECKING: importing typing would cost more than the rest of this module.
TYPE_CHECKING = False

__version__ = "1.0.0"

# Each public name and the module that defines it.
_MODULE_OF: dict[str, str] = {
    "HeartbeatThread": "client",
    "Latchkey": "client",
    "Destination": "download",
    "ClientErrorCode": "errors",
    "LatchkeyError": "errors",
    "LatchkeyErrorCode": "errors",
    "ServerErrorCode": "errors",
    "code_for_answer": "errors",
    "FILE_E2E_ALG": "file_crypto",
    "FileDecipher": "file_crypto",
    "derive_file_key": "file_crypto",
    "record_nonce": "file_crypto",
    "key_id_of": "keys",
    "verify_signature": "keys",
    "MachineIdSources": "machine",
    "machine_id": "machine",
    "raw_machine_id": "machine",
    "CheckData": "models",
    "ClientResponse": "models",
    "ClientUser": "models",
    "DownloadedFile": "models",
    "HeartbeatData": "models",
    "InitData": "models",
    "Session": "models",
    "SessionResult": "models",
    "TicketClaims": "models",
    "verify_ticket": "ticket",
}

__all__ = [
    "CheckData",
    "ClientErrorCode",
    "ClientResponse",
    "ClientUser",
    "Destination",
    "DownloadedFile",
    "FILE_E2E_ALG",
    "FileDecipher",
    "HeartbeatData",
    "HeartbeatThread",
    "InitData",
    "Latchkey",
    "LatchkeyError",
    "LatchkeyErrorCode",
    "MachineIdSources",
    "ServerErrorCode",
    "Session",
    "SessionResult",
    "TicketClaims",
    "code_for_answer",
    "derive_file_key",
    "key_id_of",
    "machine_id",
    "raw_machine_id",
    "record_nonce",
    "verify_signature",
    "verify_ticket",
]


def __getattr__(name: str) -> object:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'latchkey' has no attribute {name!r}")
    loaded = importlib.import_module(f".{module}", __name__)
    for other, defined_in in _MODULE_OF.items():
        if defined_in == module:
            globals()[other] = getattr(loaded, other)
    return globals()[name]


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)


if TYPE_CHECKING:
    from .client import HeartbeatThread, Latchkey
    from .download import Destination
    from .errors import ClientErrorCode, LatchkeyError, LatchkeyErrorCode, ServerErrorCode, code_for_answer
    from .file_crypto import FILE_E2E_ALG, FileDecipher, derive_file_key, record_nonce
    from .keys import key_id_of, verify_signature
    from .machine import MachineIdSources, machine_id, raw_machine_id
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
