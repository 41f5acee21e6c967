import { Inject, Injectable } from '@nestjs/common';
import { ClientMessage, DOWNLOAD_PATH, FileMessage, type FileData } from '@latchkey/contracts';
import { isUuid } from '../../common/id-param.js';
import { encryptWithMasterKey } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import { Config } from '../../config/config.js';
import { DownloadLinks } from './download-links.js';

import { agreeDownloadKey, parseClientPublicKey } from './e2e-cipher.js';
import { FILES_POOL } from './file-contents.js';
import type { SqlPool } from './storage/postgres-file-store.js';
import {
  OFFERED_FILE,
  OFFERED_PORTAL_FILE,
  PORTAL_FILES,
  type OfferedFileRow,
  type PortalFileRow,
} from './files.queries.js';

/** The live session a `file` request came with (the client dispatcher checks it). */
export interface DownloadSession {
  id: string;
  user: { level: number };
}

export interface FileRequestFields {
  fileId: string;
  clientPublicKey?: string | null;
}

/**
 * The client `file` type: a file of the session's app that the user's level
 * allows, answered with a single-use link (and, with `clientPublicKey`, the
 * parameters of the end-to-end encryption the download will use).
 */
@Injectable()
export class FileDownloads {
  private readonly masterKey: Buffer;
  private readonly publicUrl: string;

  constructor(
    @Inject(FILES_POOL) private readonly pool: SqlPool,
    private readonly links: DownloadLinks,
    config: Config,
  ) {
    this.masterKey = config.masterKey;
    this.publicUrl = config.PUBLIC_URL;
  }

  /**
   * @param origin scheme and host the client reached the service at (the
   *   link is absolute); PUBLIC_URL, when set, is used instead
   */
  async offer(
    appId: string,
    session: DownloadSession,
    request: FileRequestFields,
    origin: string | null,
  ): Promise<{ message: string; data: FileData }> {
    const base = this.publicUrl || origin;
    // An HTTP/1.0 request may name no host: refused rather than handed `http:///...`.
    if (!base) throw new AppError('VALIDATION', FileMessage.hostRequired);
    const file = isUuid(request.fileId) ? await this.find(appId, request.fileId) : undefined;
    if (!file) throw new AppError('FILE_NOT_FOUND');
    if (session.user.level < file.min_level) throw new AppError('INSUFFICIENT_LEVEL');

    let agreed: ReturnType<typeof agreeDownloadKey> = null;
    if (request.clientPublicKey !== undefined && request.clientPublicKey !== null) {
      const clientKey = parseClientPublicKey(request.clientPublicKey);
      agreed = clientKey && agreeDownloadKey(clientKey, request.clientPublicKey, file.id);
      if (!agreed) throw new AppError('VALIDATION', FileMessage.clientPublicKeyInvalid);
    }
    const link = await this.links.issue({
      fileId: file.id,
      contentId: file.content_id,
      sessionId: session.id,
      e2eKeySealed: agreed ? encryptWithMasterKey(this.masterKey, agreed.key) : null,
    });
    return {
      message: ClientMessage.downloadReady,
      data: {
        fileId: file.id,
        name: file.name,
        size: Number(file.size),
        sha256: file.sha256.toString('hex'),
        url: `${base}${DOWNLOAD_PATH}/${link.token}`,
        expiresAt: link.expiresAt.toISOString(),
        ...(agreed ? { encryption: agreed.encryption } : {}),
      },
    };
  }

  /** The app's files offered in the customer portal that `level` allows, by name. */
  async portalFiles(appId: string, level: number): Promise<PortalFileRow[]> {
    const { rows } = await this.pool.query<PortalFileRow>(PORTAL_FILES, [appId, level]);
    return rows;
  }

  /**
   * A portal download: the file must be offered in the portal and allowed to
   * `user`'s level, under the rules of the client's `file` (single use, the
   * same lifetime, refused once the portal session ends). Null when the file
   * is unknown, not offered, or above the level: the portal answers 404 alike.
   */
  async offerInPortal(
    appId: string,
    portalSessionId: string,
    user: { id: string; level: number },
    fileId: string,
    origin: string | null,
  ): Promise<{ url: string; expiresAt: Date; name: string } | null> {
    const base = this.publicUrl || origin;
    if (!base) throw new AppError('VALIDATION', FileMessage.hostRequired);
    const { rows } = await this.pool.query<OfferedFileRow>(OFFERED_PORTAL_FILE, [fileId, appId]);
    const file = rows[0];
    if (!file || user.level < file.min_level) return null;
    const link = await this.links.issueForPortal({
      fileId: file.id,
      contentId: file.content_id,
      portalSessionId,
      userId: user.id,
    });
    return { url: `${base}${DOWNLOAD_PATH}/${link.token}`, expiresAt: link.expiresAt, name: file.name };
  }

  private async find(appId: string, fileId: string): Promise<OfferedFileRow | undefined> {
    const { rows } = await this.pool.query<OfferedFileRow>(OFFERED_FILE, [fileId, appId]);
    return rows[0];
  }
}
