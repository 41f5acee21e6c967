/** The rows this module reads, in one place (columns as PostgreSQL names them; bigint comes as text). */

export interface RedeemedRow {
  file_id: string;
  name: string;
  app_id: string;
  content_id: string;
  wrapped_key: Buffer;
  size: string;
  user_id: string;
  username: string;
  e2e_key_sealed: Buffer | null;
}

export interface OfferedFileRow {
  id: string;
  name: string;
  min_level: number;
  content_id: string;
  size: string;
  sha256: Buffer;
}

export interface FileRow {
  id: string;
  name: string;
  min_level: number;
  downloads: number;
  created_at: Date;
  updated_at: Date;
  /** bigint: pg answers it as text */
  size: string;
  sha256: Buffer;
}
