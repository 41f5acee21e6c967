import { apiRow } from '../../common/api-row.js';
import { Inject, Injectable } from '@nestjs/common';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { Config } from '../../config/config.js';
import { FILES_POOL } from './file-contents.js';
import type { SqlPool } from './storage/postgres-file-store.js';
import { INSERT_LINK, PEEK_LINK, REDEEM_LINK, type RedeemedRow } from './files.queries.js';

/** A link token: 32 random bytes, base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a redeemed link serves, and who it was handed to. */
export interface RedeemedLink {
  fileId: string;
  name: string;
  appId: string;
  contentId: string;
  wrappedKey: Buffer;
  size: number;
  userId: string;
  username: string;
  /** The end-to-end key of the download, sealed under MASTER_KEY; null for a plain download. */
  e2eKeySealed: Buffer | null;
}

/**
 * Single-use download links, kept in PostgreSQL so any API process serves a
 * link another one handed out. A link names the file, the content it was
 * made for and the session; only its token's SHA-256 is stored.
 */
@Injectable()
export class DownloadLinks {
  private readonly ttlSeconds: number;

  constructor(
    @Inject(FILES_POOL) private readonly pool: SqlPool,
    config: Config,
  ) {
    this.ttlSeconds = config.FILE_LINK_TTL_SECONDS;
  }

  /** A new link; its lifetime is counted by the database clock, the one redeem compares with. */
  async issue(link: {
    fileId: string;
    contentId: string;
    sessionId: string;
    e2eKeySealed: Buffer | null;
  }): Promise<{ token: string; expiresAt: Date }> {
    const token = randomSecret('', 32);
    const { rows } = await this.pool.query<{ expires_at: Date }>(INSERT_LINK, [
      sha256(token),
      link.fileId,
      link.contentId,
      link.sessionId,
      link.e2eKeySealed,
      this.ttlSeconds,
    ]);
    return { token, expiresAt: rows[0]!.expires_at };
  }

  /**
   * Spends a link, in one statement: it must be usable (USABLE_LINK) and
   * unused. Of two requests racing for one link, one wins. Returns null when
   * the link cannot be used, whatever the reason.
   */
  async redeem(token: string): Promise<RedeemedLink | null> {
    if (!LINK_TOKEN.test(token)) return null;
    const { rows } = await this.pool.query<RedeemedRow>(REDEEM_LINK, [sha256(token)]);
    return rows[0] ? toRedeemedLink(rows[0]) : null;
  }

  /** What `redeem` would serve, without spending the link (a HEAD request). */
  async peek(token: string): Promise<RedeemedLink | null> {
    if (!LINK_TOKEN.test(token)) return null;
    const { rows } = await this.pool.query<RedeemedRow>(PEEK_LINK, [sha256(token)]);
    return rows[0] ? toRedeemedLink(rows[0]) : null;
  }
}

function toRedeemedLink(row: RedeemedRow): RedeemedLink {
  return { ...apiRow(row), size: Number(row.size) };
}
