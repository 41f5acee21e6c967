// Files (spec/contract.md: the `file` client type, the admin files routes,
// "End-to-end file encryption" and "Files at rest").

/** A file as the owner sees it (admin API). */
export interface FileRecord {
  fileId: string;
  name: string;
  /** plaintext bytes */
  size: number;
  /** hex SHA-256 of the plaintext */
  sha256: string;
  minLevel: number;
  /** completed downloads, across every version of the content */
  downloads: number;
  createdAt: string;
  /** last change of name, minLevel or content */
  updatedAt: string;
  /** offered for download in the customer portal */
  portalOffered: boolean;
}

// UpdateFileRequest is a request shape: shapes/files.ts.

export const FileLimits = {
  nameMin: 1,
  nameMax: 128,
  minLevelMin: 0,
  minLevelMax: 1000,
  /** a file uploaded without `minLevel` is offered at any level */
  minLevelDefault: 0,
  /** default of FILE_MAX_BYTES: 100 MiB */
  defaultMaxBytes: 100 * 1024 * 1024,
  /** default lifetime of a download link */
  linkSeconds: 60,
} as const;

/** Where download links live: `GET {origin}/v1/downloads/{token}` (HEAD answers the same headers without spending it). */
export const DOWNLOAD_PATH = '/v1/downloads';

/** `alg` of an end-to-end encrypted download, also sent as `X-Content-Encryption`. */
export const FILE_E2E_ALG = 'X25519-HKDF-SHA256-AES256GCM-STREAM';
/** Plaintext bytes per record of an end-to-end encrypted download. */
export const FILE_E2E_RECORD_SIZE = 65536;
/** The header naming the encryption of a download body. */
export const CONTENT_ENCRYPTION_HEADER = 'x-content-encryption';

export interface FileEncryption {
  alg: typeof FILE_E2E_ALG;
  /** base64 of the raw 32-byte X25519 public key made for this download */
  serverPublicKey: string;
  /** base64 of 16 random bytes */
  salt: string;
  recordSize: typeof FILE_E2E_RECORD_SIZE;
  /** the client's key, echoed so the signed answer shows it was not swapped */
  clientPublicKey: string;
}

/** `data` of the `file` client type (`Download ready`). */
export interface FileData {
  fileId: string;
  name: string;
  size: number;
  sha256: string;
  /** absolute, single-use, bound to the session */
  url: string;
  expiresAt: string;
  encryption?: FileEncryption;
}

export const FileMessage = {
  clientPublicKeyInvalid: 'clientPublicKey must be a base64 X25519 public key',
  linkGone: 'Download link expired or already used',
  fileRequired: 'file is required',
  tooLarge: 'File is too large',
  hostRequired: 'A Host header is required for the download URL',
} as const;
