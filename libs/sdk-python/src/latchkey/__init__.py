"""latchkey: the Python client for Latchkey's `POST /v1`.

Every answer is checked (Ed25519 signature, timestamp, nonce) before it is
believed. The protocol it speaks is described in docs/client-protocol.md.
"""

from .client import HeartbeatThread, Latchkey
from .download import Destination
from .errors import ClientErrorCode, LatchkeyError, LatchkeyErrorCode, ServerErrorCode, code_for_answer
from .file_crypto import FILE_E2E_ALG, FileDecipher, derive_file_key, record_nonce
from .keys import key_id_of, verify_signature
from .machine_id import MachineIdSources, machine_id, raw_machine_id
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

__version__ = "1.0.0"

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
