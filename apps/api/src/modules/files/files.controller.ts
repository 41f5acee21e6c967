import { Body, Delete, Get, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FileLimits } from '@latchkey/contracts';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../common/id-param.js';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { Config } from '../../config/config.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { UpdateFileDto } from './files.dto.js';
import { FilesService } from './files.service.js';
import { uploadParts } from './multipart-upload.js';

const UPLOAD_SCHEMA = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary' },
    name: { type: 'string', minLength: 1, maxLength: FileLimits.nameMax },
    minLevel: { type: 'integer', minimum: 0, maximum: FileLimits.minLevelMax, default: 0 },
  },
};

@ApiTags('files')
@AppScoped('files')
export class FilesController {
  private readonly maxBytes: number;

  constructor(
    private readonly files: FilesService,
    config: Config,
  ) {
    this.maxBytes = config.FILE_MAX_BYTES;
  }

  @Post()
  @AppCapability('files.write')
  @ApiOperation({ summary: 'Upload a file (streamed, encrypted at rest); 413 over FILE_MAX_BYTES' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_SCHEMA })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.files.create(actor, app.id, uploadParts(request, this.maxBytes)));
  }

  @Get()
  @AppCapability('files.read')
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.files.list(app.id, pageOffset(query), query.limit), query);
  }

  @Get(':fileId')
  @AppCapability('files.read')
  async get(@CurrentApp() app: OwnedApp, @IdParam('fileId') fileId: string) {
    return ok(await this.files.get(app.id, fileId));
  }

  @Patch(':fileId')
  @AppCapability('files.write')
  @ApiOperation({ summary: 'Rename a file or change the level it needs' })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('fileId') fileId: string,
    @Body() body: UpdateFileDto,
  ) {
    return ok(await this.files.update(actor, app.id, fileId, body));
  }

  @Put(':fileId/content')
  @AppCapability('files.write')
  @ApiOperation({ summary: 'Replace the content; download links handed out before answer 410' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: UPLOAD_SCHEMA.properties.file } } })
  async replace(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('fileId') fileId: string,
    @Req() request: FastifyRequest,
  ) {
    return ok(await this.files.replace(actor, app.id, fileId, uploadParts(request, this.maxBytes)));
  }

  @Delete(':fileId')
  @AppCapability('files.write')
  @ApiOperation({ summary: 'Delete a file and its stored content' })
  async remove(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('fileId') fileId: string) {
    await this.files.remove(actor, app.id, fileId);
    return ok({});
  }
}
