"""The protocol's test vectors (libs/sdk/test/vectors.json, shared with the TypeScript and C SDKs)."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any, Callable, Dict, List

import pytest
from conftest import PUBLIC_KEY, SIGNING_KEY, VECTORS
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from records import seal_records

from latchkey import (
    FileDecipher,
    LatchkeyError,
    MachineIdSources,
    derive_file_key,
    key_id_of,
    machine_id,
    verify_signature,
    verify_ticket,
)
from latchkey.keys import ed25519_public_key
from latchkey.transport import HttpResult, check_answer

APP_ID: str = VECTORS["ticket"]["claims"]["iss"]
KEY = ed25519_public_key(PUBLIC_KEY)


def at(seconds: float) -> Callable[[], float]:
    return lambda: float(seconds)


def answer_of(vector: Dict[str, Any], body: str = "", headers: Dict[str, str] = {}) -> HttpResult:
    lowercase = {name.lower(): value for name, value in vector["headers"].items()}
    lowercase.update(headers)
    return HttpResult(vector["status"], lowercase, (body or vector["body"]).encode("utf-8"))


def raw_public_key(private_key: Ed25519PrivateKey) -> bytes:
    return private_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def raised(fn: Callable[[], Any]) -> LatchkeyError:
    with pytest.raises(LatchkeyError) as info:
        fn()
    return info.value


def test_key_id_is_derived_from_the_public_key() -> None:
    assert key_id_of(PUBLIC_KEY) == VECTORS["signing"]["keyId"]
    assert base64.b64decode(PUBLIC_KEY).hex() == VECTORS["signing"]["publicKeyHex"]


def test_signatures_verify_over_the_timestamp_followed_by_the_exact_body_bytes() -> None:
    for name in ("answer", "refusal"):
        vector = VECTORS[name]
        timestamp = vector["headers"]["X-Signature-Timestamp"]
        signature = vector["headers"]["X-Signature-Ed25519"]
        assert verify_signature(PUBLIC_KEY, timestamp, vector["body"].encode(), signature)
        reserialized = json.dumps(json.loads(vector["body"])).encode()
        assert not verify_signature(PUBLIC_KEY, timestamp, reserialized, signature)


def test_accepts_the_vector_answer_for_its_nonce_and_hands_back_the_envelope_without_it() -> None:
    answer = check_answer(answer_of(VECTORS["answer"]), "Vq3tX9kP2mWz7LbR4nHc8s", KEY, 30, at(1795300000))
    assert answer.verified and answer.success and answer.status == 200
    assert answer.message == "App initialized"
    assert answer.data == {"name": "Vector App", "version": "1.2.3", "updateUrl": None}
    refusal = VECTORS["refusal"]
    checked = check_answer(answer_of(refusal), refusal["requestNonce"], KEY, 30, at(1795300000))
    assert (checked.status, checked.success, checked.message) == (401, False, "Invalid or expired session")


def test_refuses_a_replay_a_stale_or_future_timestamp_a_tampered_body_and_another_key() -> None:
    vector = VECTORS["answer"]
    nonce = "Vq3tX9kP2mWz7LbR4nHc8s"
    now = at(1795300000)
    assert raised(lambda: check_answer(answer_of(vector), "another-nonce-123", KEY, 30, now)).code == "NONCE_MISMATCH"
    for offset in (31, -31):
        stale = raised(lambda: check_answer(answer_of(vector), nonce, KEY, 30, at(1795300000 + offset)))
        assert stale.code == "STALE_RESPONSE"
    assert check_answer(answer_of(vector), nonce, KEY, 30, at(1795300000 + 30)).verified
    tampered = answer_of(vector, vector["body"].replace('"success":true', '"success":false'))
    assert raised(lambda: check_answer(tampered, nonce, KEY, 30, now)).code == "SIGNATURE_INVALID"
    other_key = Ed25519PrivateKey.generate().public_key()
    assert raised(lambda: check_answer(answer_of(vector), nonce, other_key, 30, now)).code == "SIGNATURE_INVALID"


def test_refuses_malformed_signature_headers_and_reports_an_unsigned_answer_as_unverified() -> None:
    vector = VECTORS["answer"]
    body = vector["body"].encode()
    only_signature = HttpResult(200, {"x-signature-ed25519": vector["headers"]["X-Signature-Ed25519"]}, body)
    assert raised(lambda: check_answer(only_signature, "x", KEY, 30, at(1795300000))).code == "SIGNATURE_INVALID"
    bad_timestamp = answer_of(vector, headers={"x-signature-timestamp": "1795300000.5"})
    assert raised(lambda: check_answer(bad_timestamp, "x", KEY, 30, at(1795300000))).code == "SIGNATURE_INVALID"
    short_signature = answer_of(vector, headers={"x-signature-ed25519": "ab" * 63})
    assert raised(lambda: check_answer(short_signature, "x", KEY, 30, at(1795300000))).code == "SIGNATURE_INVALID"
    unsigned = HttpResult(401, {}, b'{"success":false,"message":"m","data":{}}')
    assert check_answer(unsigned, "x", KEY, 30, at(1795300000)).verified is False


TICKET = VECTORS["ticket"]


def sign_ticket(header: Dict[str, Any], claims: Dict[str, Any]) -> str:
    def part(value: bytes) -> str:
        return base64.urlsafe_b64encode(value).rstrip(b"=").decode()

    signing_input = f"{part(json.dumps(header).encode())}.{part(json.dumps(claims).encode())}"
    return f"{signing_input}.{part(SIGNING_KEY.sign(signing_input.encode()))}"


def test_tickets_verify_with_no_network_and_answer_the_claims() -> None:
    now = at(TICKET["validAt"])
    assert verify_ticket(TICKET["compact"], PUBLIC_KEY, APP_ID, now=now) == TICKET["claims"]
    same_machine = verify_ticket(TICKET["compact"], PUBLIC_KEY, APP_ID, hwid=TICKET["claims"]["hwid"], now=now)
    assert same_machine == TICKET["claims"]


def test_tickets_expire_at_exp() -> None:
    late = raised(lambda: verify_ticket(TICKET["compact"], PUBLIC_KEY, APP_ID, now=at(TICKET["expiredAt"])))
    assert late.code == "TICKET_EXPIRED"
    before = verify_ticket(TICKET["compact"], PUBLIC_KEY, APP_ID, now=at(TICKET["expiredAt"] - 1))
    assert before == TICKET["claims"]


def test_tickets_refuse_another_app_another_key_another_machine_and_a_tampered_claim() -> None:
    now = at(TICKET["validAt"])
    compact = TICKET["compact"]
    assert raised(lambda: verify_ticket(compact, PUBLIC_KEY, "another-app", now=now)).code == "TICKET_INVALID"
    other_key = base64.b64encode(raw_public_key(Ed25519PrivateKey.generate())).decode()
    assert raised(lambda: verify_ticket(compact, other_key, APP_ID, now=now)).code == "TICKET_INVALID"
    assert raised(lambda: verify_ticket(compact, PUBLIC_KEY, APP_ID, hwid="other", now=now)).code == "TICKET_INVALID"
    header, _, signature = compact.split(".")
    raised_level = base64.urlsafe_b64encode(json.dumps({**TICKET["claims"], "lvl": 1000}).encode()).rstrip(b"=")
    forged = f"{header}.{raised_level.decode()}.{signature}"
    assert raised(lambda: verify_ticket(forged, PUBLIC_KEY, APP_ID, now=now)).code == "TICKET_INVALID"
    for broken in ("", "a.b", "a.b.c.d", f"{header}.!!.{signature}"):
        assert raised(lambda: verify_ticket(broken, PUBLIC_KEY, APP_ID, now=now)).code == "TICKET_INVALID"


def test_tickets_refuse_a_kid_of_another_key_even_when_the_signature_verifies_and_malformed_claims() -> None:
    now = at(TICKET["validAt"])
    retagged = sign_ticket({"alg": "EdDSA", "kid": "0000000000000000"}, TICKET["claims"])
    assert raised(lambda: verify_ticket(retagged, PUBLIC_KEY, APP_ID, now=now)).code == "TICKET_INVALID"
    no_hwid = {name: value for name, value in TICKET["claims"].items() if name != "hwid"}
    for claims in (no_hwid, {**TICKET["claims"], "lvl": "3"}, {**TICKET["claims"], "iat": True}):
        ticket = sign_ticket(TICKET["header"], claims)
        assert raised(lambda: verify_ticket(ticket, PUBLIC_KEY, APP_ID, now=now)).code == "TICKET_INVALID"
    other_alg = sign_ticket({**TICKET["header"], "alg": "none"}, TICKET["claims"])
    assert raised(lambda: verify_ticket(other_alg, PUBLIC_KEY, APP_ID, now=now)).code == "TICKET_INVALID"


FILE = VECTORS["file"]
FILE_KEY = bytes.fromhex(FILE["key"])
TWO_RECORD_PLAIN = bytes(i & 0xFF for i in range(FILE["twoRecords"]["size"]))
TWO_RECORDS = seal_records(FILE_KEY, TWO_RECORD_PLAIN, 65536)
TWO_RECORD_STREAM = b"".join(TWO_RECORDS)


def decrypt(chunks: List[bytes]) -> bytes:
    decipher = FileDecipher(FILE_KEY, 65536)
    return b"".join(decipher.update(chunk) for chunk in chunks) + decipher.finish()


def in_chunks(data: bytes, size: int) -> List[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def test_file_key_is_derived_from_x25519_and_hkdf_sha256() -> None:
    client = X25519PrivateKey.from_private_bytes(bytes.fromhex(FILE["clientPrivateKey"]))
    server_public = base64.b64decode(FILE["encryption"]["serverPublicKey"])
    salt = base64.b64decode(FILE["encryption"]["salt"])
    assert derive_file_key(client, server_public, salt, FILE["fileId"]).hex() == FILE["key"]


def test_records_decrypt_one_record_an_empty_file_and_two_records_however_the_stream_is_chunked() -> None:
    short = FILE["short"]
    assert decrypt([bytes.fromhex(short["stream"])]).hex() == short["plaintext"]
    assert hashlib.sha256(bytes.fromhex(short["plaintext"])).hexdigest() == short["sha256"]
    assert decrypt([bytes.fromhex(FILE["empty"]["stream"])]) == b""
    assert TWO_RECORDS[1].hex() == FILE["twoRecords"]["record1"]
    assert TWO_RECORDS[0][-16:].hex() == FILE["twoRecords"]["record0Tag"]
    assert len(TWO_RECORD_STREAM) == FILE["twoRecords"]["streamLength"]
    assert hashlib.sha256(TWO_RECORD_STREAM).hexdigest() == FILE["twoRecords"]["streamSha256"]
    assert hashlib.sha256(TWO_RECORD_PLAIN).hexdigest() == FILE["twoRecords"]["sha256"]
    for size in (len(TWO_RECORD_STREAM), 65552, 1000, 7):
        assert decrypt(in_chunks(TWO_RECORD_STREAM, size)) == TWO_RECORD_PLAIN


def test_records_refuse_a_flipped_bit_a_cut_at_a_record_boundary_swapped_records_and_a_truncated_tag() -> None:
    flipped = bytearray(TWO_RECORD_STREAM)
    flipped[65_560] ^= 1
    flipped_first = bytearray(TWO_RECORD_STREAM)
    flipped_first[100] ^= 1
    cut = TWO_RECORDS[0]
    swapped = TWO_RECORDS[1] + TWO_RECORDS[0]
    truncated = bytes.fromhex(FILE["empty"]["stream"])[:10]
    for stream in (bytes(flipped), bytes(flipped_first), cut, swapped, truncated):
        assert raised(lambda: decrypt([stream])).code == "FILE_INTEGRITY"


def test_machine_id_is_the_hmac_sha256_of_the_raw_id_under_the_salt() -> None:
    vector = VECTORS["machineId"]
    sources = MachineIdSources(platform="linux", run=lambda c, a: "", read=lambda p: f"{vector['raw']}\n")
    assert machine_id(vector["salt"], sources) == vector["hwid"]
