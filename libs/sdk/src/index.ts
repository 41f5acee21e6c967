// @latchkey/sdk: the client for Latchkey's `POST /v1`. Every answer is checked
// (Ed25519 signature, timestamp, nonce) before it is believed. The protocol it
// speaks is described in docs/client-protocol.md.
export { Latchkey, type HeartbeatOptions, type HeartbeatTimer, type LatchkeyOptions, type Session } from './client.js';
export { type Destination, type DownloadedFile, type DownloadOptions } from './download.js';
export { LatchkeyError, type ClientErrorCode, type LatchkeyErrorCode, type ServerErrorCode } from './errors.js';
export { deriveFileKey, FileDecipher, recordNonce } from './file-crypto.js';
export { keyIdOf, verifySignature } from './keys.js';
export { machineId, rawMachineId, type MachineIdSources } from './machine-id.js';
export { verifyTicket, type VerifyTicketOptions } from './ticket.js';
export { type ClientResponse } from './transport.js';
export {
  ClientMessage,
  SIGNATURE_HEADER,
  SIGNATURE_TIMESTAMP_HEADER,
  type CheckData,
  type ClientEnvelope,
  type ClientRequestType,
  type ClientUser,
  type InitData,
  type OfflineTicketClaims,
  type SessionResult,
  type UserVarData,
  type UserVarsData,
  type VarData,
} from './generated/client.js';
export { FILE_E2E_ALG, type FileData, type FileEncryption } from './generated/files.js';
