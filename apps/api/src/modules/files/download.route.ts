import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { CONTENT_ENCRYPTION_HEADER, DOWNLOAD_PATH, FILE_E2E_ALG, FileMessage } from '@latchkey/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { decryptWithMasterKey } from '../../common/crypto.js';
import { Config } from '../../config/config.js';
import { domainEvent, EventsService } from '../events/events.service.js';
import { sqlRows } from '../../common/sql.js';
import { ContentIntegrityError } from './at-rest-cipher.js';
import { DownloadLinks, type RedeemedLink } from './download-links.js';
import { encryptedSize, sealForClient } from './e2e-cipher.js';
import { FileContents } from './file-contents.js';
import { eachAlone, writeBody } from './response-body.js';
import { COUNT_DOWNLOAD } from './files.queries.js';

/** Shutdown waits this long for completed downloads to be counted and their events written. */
const SHUTDOWN_RECORDING_WAIT_MS = 5_000;

/** Methods a download link answers; any other gets 405 (and, like every method, a log line without the token). */
const LINK_METHODS = 'GET, HEAD';

/**
 * `GET /v1/downloads/{token}`: streams the file a `file` answer handed out a
 * link to. Mounted on Fastify directly (see FilesModule): the response is
 * written by hand so that a record failing verification cuts the connection
 * whether or not the headers are out. `HEAD` answers the same headers without
 * spending the link (download managers ask it first). The request log never
 * shows the token (common/logging.ts).
 */
@Injectable()
export class DownloadRoute implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Downloads');
  private readonly masterKey: Buffer;
  /** Completed downloads being recorded; shutdown waits for them. */
  private readonly recordings = new Set<Promise<void>>();

  constructor(
    private readonly links: DownloadLinks,
    private readonly contents: FileContents,
    private readonly events: EventsService,
    config: Config,
  ) {
    this.masterKey = config.masterKey;
  }

  register(fastify: FastifyInstance): void {
    const url = `${DOWNLOAD_PATH}/:token`;
    fastify.get<{ Params: { token: string } }>(url, { exposeHeadRoute: false }, (request, reply) =>
      this.handle(request, reply),
    );
    fastify.head<{ Params: { token: string } }>(url, (request, reply) => this.describe(request, reply));
    fastify.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      handler: (_request, reply) =>
        void reply
          .status(405)
          .header('allow', LINK_METHODS)
          .header('cache-control', 'no-store')
          .send({ success: false, message: 'Method not allowed' }),
    });
  }

  /**
   * The whole plaintext behind a download link, for a client protocol that
   * carries a file inside its answer (KeyAuth's `file`): the link is spent
   * and the download recorded as a GET's would be. Null when the link cannot
   * be used; `tooLarge` (the link left unspent) when the file is over `maxBytes`.
   */
  async readWhole(token: string, ip: string, maxBytes: number): Promise<Buffer | 'tooLarge' | null> {
    const peeked = await this.links.peek(token);
    if (!peeked) return null;
    if (peeked.size > maxBytes) return 'tooLarge';
    const link = await this.links.redeem(token);
    if (!link) return null;
    const pieces: Buffer[] = [];
    for await (const piece of this.contents.read(link)) pieces.push(piece);
    await this.recordDownload(link, ip);
    return Buffer.concat(pieces);
  }

  /** HEAD: the headers GET would send, the link left unspent. */
  private async describe(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply): Promise<void> {
    const link = await this.findLink(() => this.links.peek(request.params.token), reply);
    if (!link) return;
    const e2eKey = link.e2eKeySealed !== null;
    void reply.status(200).headers(downloadHeaders(link, e2eKey)).send();
  }

  private async handle(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply): Promise<void> {
    const link = await this.findLink(() => this.links.redeem(request.params.token), reply);
    if (!link) return;

    const e2eKey = link.e2eKeySealed ? decryptWithMasterKey(this.masterKey, link.e2eKeySealed) : null;
    const plaintext = this.contents.read(link);
    const body = e2eKey ? sealForClient(e2eKey, plaintext, link.size) : eachAlone(plaintext);
    reply.hijack();
    const response = reply.raw;
    const headers: OutgoingHttpHeaders = {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      ...downloadHeaders(link, e2eKey !== null),
    };
    response.writeHead(200, headers);
    try {
      await writeBody(response, body);
    } catch (err) {
      this.logFailure(err, link);
      return;
    }
    const recording = this.recordDownload(link, request.ip).finally(() => this.recordings.delete(recording));
    this.recordings.add(recording);
    await recording;
  }

  /** The link `lookup` finds, or null once the refusal is answered: 410 for a link that cannot be used, 503 when the database cannot say. */
  private async findLink(
    lookup: () => Promise<RedeemedLink | null>,
    reply: FastifyReply,
  ): Promise<RedeemedLink | null> {
    let link: RedeemedLink | null;
    try {
      link = await lookup();
    } catch (err) {
      this.logger.error(`could not look up a download link: ${(err as Error).message}`);
      void reply.status(503).send({ success: false, message: 'Service unavailable' });
      return null;
    }
    if (!link) {
      void reply
        .status(410)
        .header('cache-control', 'no-store')
        .send({ success: false, message: FileMessage.linkGone });
    }
    return link;
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.recordings),
      new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_RECORDING_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  private logFailure(err: unknown, link: RedeemedLink): void {
    const where = { fileId: link.fileId, contentId: link.contentId, appId: link.appId };
    if (err instanceof ContentIntegrityError) {
      this.logger.error({ msg: `download stopped: ${err.message}`, ...where });
    } else if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      this.logger.debug({ msg: 'download abandoned by the client', ...where });
    } else {
      this.logger.error({ msg: `download failed: ${(err as Error).message}`, ...where });
    }
  }

  /** Counts the download and emits `file.download` once every byte has been handed to the network. */
  private async recordDownload(link: RedeemedLink, ip: string): Promise<void> {
    try {
      await this.events.transaction(async (manager, emit) => {
        await sqlRows(manager, COUNT_DOWNLOAD, [link.fileId]);
        emit(
          domainEvent('file.download', link.appId, {
            fileId: link.fileId,
            name: link.name,
            userId: link.userId,
            username: link.username,
            ip,
            appId: link.appId,
          }),
        );
      });
    } catch (err) {
      this.logger.error({ msg: `could not record a download: ${(err as Error).message}`, fileId: link.fileId });
    }
  }
}

/** The headers of a download's answer (GET and HEAD alike). */
function downloadHeaders(link: RedeemedLink, endToEnd: boolean): OutgoingHttpHeaders {
  return {
    'content-type': 'application/octet-stream',
    'content-length': String(endToEnd ? encryptedSize(link.size) : link.size),
    'content-disposition': contentDisposition(link.name),
    'cache-control': 'no-store',
    ...(endToEnd ? { [CONTENT_ENCRYPTION_HEADER]: FILE_E2E_ALG } : {}),
  };
}

/** `attachment` with the name as ASCII (for old clients) and in full as RFC 5987 UTF-8. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
