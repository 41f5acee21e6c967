/** The rows this module reads, in one place (columns as PostgreSQL names them). */

export interface SessionRow {
  id: string;
  user_id: string;
  username: string;
  ip: string | null;
  hwid: string | null;
  created_at: Date;
  last_seen_at: Date;
  ends_at: Date;
}

/** open_session's answer: the session's start and the user as it is once the session is open. */
export interface OpenedSessionRow {
  session_created_at: Date;
  username: string;
  level: number;
  hwid: string | null;
  user_expires_at: Date | null;
  user_created_at: Date;
  last_login_at: Date | null;
  delivery_ids?: string[];
  /** sessions of the user open_session ended to stay within max_devices (SessionOpening.open only) */
  evicted?: number;
}
