import { apiRow } from '../../common/api-row.js';
import { Injectable } from '@nestjs/common';
import { randomSecret, sha256 } from '../../common/crypto.js';
import { PreparedStatements } from '../../common/prepared-statements.js';
import { Config } from '../../config/config.js';
import {
  INSERT_LINK,
  INSERT_PORTAL_LINK,
  PEEK_LINK,
  PEEK_PORTAL_LINK,
  REDEEM_LINK,
  REDEEM_PORTAL_LINK,
  type RedeemedRow,
} from './files.queries.js';

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
 * made for and the session; only its token's SHA-256 is stored. Issuing and
 * redeeming are prepared statements: planning the redeeming join each time
 * took longer than running it, on the path of every download's first byte.
 */
@Injectable()
export class DownloadLinks {
  private readonly ttlSeconds: number;

  constructor(
    private readonly sql: PreparedStatements,
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
    const [row] = await this.sql.rows<{ expires_at: Date }>('files-issue-link', INSERT_LINK, [
      sha256(token),
      link.fileId,
      link.contentId,
      link.sessionId,
      link.e2eKeySealed,
      this.ttlSeconds,
    ]);
    return { token, expiresAt: row!.expires_at };
  }

  /**
   * A link for the customer portal: bound to the portal session and to the
   * user whose level the portal checked, redeemed by the same route.
   */
  async issueForPortal(link: {
    fileId: string;
    contentId: string;
    portalSessionId: string;
    userId: string;
  }): Promise<{ token: string; expiresAt: Date }> {
    const token = randomSecret('', 32);
    const [row] = await this.sql.rows<{ expires_at: Date }>('files-issue-portal-link', INSERT_PORTAL_LINK, [
      sha256(token),
      link.fileId,
      link.contentId,
      link.portalSessionId,
      this.ttlSeconds,
      link.userId,
    ]);
    return { token, expiresAt: row!.expires_at };
  }

  /**
   * Spends a link, in one statement: it must be usable (USABLE_LINK, or
   * USABLE_PORTAL_LINK for a portal's) and unused. Of two requests racing for
   * one link, one wins. Returns null when the link cannot be used, whatever
   * the reason. A client link is tried first: a portal link costs a second
   * statement, as does a refusal.
   */
  async redeem(token: string): Promise<RedeemedLink | null> {
    if (!LINK_TOKEN.test(token)) return null;
    const hash = sha256(token);
    const [row] = await this.sql.rows<RedeemedRow>('files-redeem-link', REDEEM_LINK, [hash]);
    if (row) return toRedeemedLink(row);
    const [portal] = await this.sql.rows<RedeemedRow>('files-redeem-portal-link', REDEEM_PORTAL_LINK, [hash]);
    return portal ? toRedeemedLink(portal) : null;
  }

  /** What `redeem` would serve, without spending the link (a HEAD request). */
  async peek(token: string): Promise<RedeemedLink | null> {
    if (!LINK_TOKEN.test(token)) return null;
    const hash = sha256(token);
    const [row] = await this.sql.rows<RedeemedRow>('files-peek-link', PEEK_LINK, [hash]);
    if (row) return toRedeemedLink(row);
    const [portal] = await this.sql.rows<RedeemedRow>('files-peek-portal-link', PEEK_PORTAL_LINK, [hash]);
    return portal ? toRedeemedLink(portal) : null;
  }
}

function toRedeemedLink(row: RedeemedRow): RedeemedLink {
  return { ...apiRow(row), size: Number(row.size) };
}
