import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FileLimits, FileMessage, type FileRecord } from '@latchkey/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/auth/actor.js';
import { AppError, fieldError, validationError } from '../../common/errors.js';
import { sqlPage, sqlRows } from '../../common/sql.js';
import { adminChange, AuditService } from '../audit/audit.service.js';
import { FileContents, type StoredContent } from './file-contents.js';
import { nameFromFilename, parseUploadFields, uploadFieldProblems, type UpdateFileDto } from './files.dto.js';
import { drain, type UploadPart } from './multipart-upload.js';
import {
  DELETE_FILE,
  type FileRow,
  GET_FILE,
  INSERT_FILE,
  LIST_FILES,
  LOCK_FILE_CONTENT,
  REPLACE_FILE_CONTENT,
  UPDATE_FILE,
} from './files.queries.js';

const UPLOAD_FIELDS = new Set(['name', 'minLevel']);

/**
 * The owner's side of files: upload, list, rename, change the level, replace
 * the content, delete. `appId` is the app AppOwnershipGuard handed over.
 * Content is written before the row that points at it and removed after the
 * row stops pointing at it, so a failure at any step leaves no file pointing
 * at missing content (leftovers are the sweep's).
 */
@Injectable()
export class FilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly contents: FileContents,
    private readonly audit: AuditService,
  ) {}

  async create(actor: Actor, appId: string, parts: AsyncIterable<UploadPart>): Promise<FileRecord> {
    const upload = await this.receive(appId, parts, true);
    try {
      const id = await this.dataSource.transaction(async (manager) => {
        const [row] = await sqlRows<{ id: string }>(manager, INSERT_FILE, [
          appId,
          upload.name,
          upload.minLevel,
          upload.content.contentId,
        ]);
        await this.audit.write(manager, [
          adminChange(actor, appId, 'admin.file.create', {
            fileId: row!.id,
            name: upload.name,
            size: upload.content.size,
            sha256: upload.content.sha256.toString('hex'),
          }),
        ]);
        return row!.id;
      });
      return await this.get(appId, id);
    } catch (err) {
      await this.contents.discard(upload.content.contentId);
      // 23503: the app was deleted while its file was uploading.
      if ((err as { code?: string }).code === '23503') throw new AppError('NOT_FOUND');
      throw err;
    }
  }

  async list(appId: string, offset: number, limit: number): Promise<{ items: FileRecord[]; total: number }> {
    return sqlPage(this.dataSource, LIST_FILES, [appId], { offset, limit }, toFileRecord);
  }

  async get(appId: string, fileId: string): Promise<FileRecord> {
    return toFileRecord(await this.find(this.dataSource.manager, appId, fileId));
  }

  async update(actor: Actor, appId: string, fileId: string, dto: UpdateFileDto): Promise<FileRecord> {
    await this.dataSource.transaction(async (manager) => {
      const rows = await sqlRows(manager, UPDATE_FILE, [
        fileId,
        appId,
        dto.name ?? null,
        dto.minLevel ?? null,
        dto.portalOffered ?? null,
      ]);
      if (rows.length === 0) throw new AppError('NOT_FOUND');
      const changed = (['name', 'minLevel', 'portalOffered'] as const).filter((field) => dto[field] !== undefined);
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.file.update', { fileId, changed })]);
    });
    return this.get(appId, fileId);
  }

  /** New content for a file; links handed out for the old content stop working (they name its id). */
  async replace(actor: Actor, appId: string, fileId: string, parts: AsyncIterable<UploadPart>): Promise<FileRecord> {
    await this.get(appId, fileId); // 404 before reading a byte of the body
    const { content } = await this.receive(appId, parts, false);
    let previous: string;
    try {
      previous = await this.dataSource.transaction(async (manager) => {
        const [row] = await sqlRows<{ content_id: string }>(manager, LOCK_FILE_CONTENT, [fileId, appId]);
        if (!row) throw new AppError('NOT_FOUND');
        await sqlRows(manager, REPLACE_FILE_CONTENT, [fileId, content.contentId]);
        await this.audit.write(manager, [
          adminChange(actor, appId, 'admin.file.replace', {
            fileId,
            size: content.size,
            sha256: content.sha256.toString('hex'),
          }),
        ]);
        return row.content_id;
      });
    } catch (err) {
      await this.contents.discard(content.contentId);
      throw err;
    }
    await this.contents.discard(previous);
    return this.get(appId, fileId);
  }

  async remove(actor: Actor, appId: string, fileId: string): Promise<void> {
    const contentId = await this.dataSource.transaction(async (manager) => {
      const [row] = await sqlRows<{ content_id: string; name: string }>(manager, DELETE_FILE, [fileId, appId]);
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.write(manager, [adminChange(actor, appId, 'admin.file.delete', { fileId, name: row.name })]);
      return row.content_id;
    });
    await this.contents.discard(contentId);
  }

  private async find(manager: EntityManager, appId: string, fileId: string): Promise<FileRow> {
    const [row] = await sqlRows<FileRow>(manager, GET_FILE, [fileId, appId]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Reads an upload: its `file` part streamed into new content, and (when
   * `withFields`) `name` and `minLevel`, each checked as soon as it arrives so
   * a bad field sent before the file fails before the file is read.
   */
  private async receive(
    appId: string,
    parts: AsyncIterable<UploadPart>,
    withFields: boolean,
  ): Promise<{ content: StoredContent; name: string; minLevel: number }> {
    const fields = new Map<string, string>();
    let content: StoredContent | undefined;
    let filename = '';
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (!withFields || !UPLOAD_FIELDS.has(part.name)) continue;
          fields.set(part.name, part.value);
          const problems = uploadFieldProblems(parseUploadFields(fields));
          if (problems.length > 0) throw validationError(problems);
        } else if (part.name === 'file' && !content) {
          filename = part.filename;
          content = await this.contents.write(appId, part.stream);
        } else {
          await drain(part.stream);
        }
      }
      if (!content) throw fieldError('file', FileMessage.fileRequired);
    } catch (err) {
      if (content) await this.contents.discard(content.contentId);
      throw err;
    }
    const dto = parseUploadFields(fields);
    return {
      content,
      name: dto.name ?? nameFromFilename(filename),
      minLevel: dto.minLevel ?? FileLimits.minLevelDefault,
    };
  }
}

function toFileRecord(row: FileRow): FileRecord {
  return {
    fileId: row.id,
    name: row.name,
    size: Number(row.size),
    sha256: row.sha256.toString('hex'),
    minLevel: row.min_level,
    downloads: row.downloads,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    portalOffered: row.portal_offered,
  };
}
