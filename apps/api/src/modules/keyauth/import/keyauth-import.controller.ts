import { Body, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { KeyAuthImportLimits } from '@latchkey/contracts';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../../common/id-param.js';
import { ok, PageQuery, pageOffset, paged } from '../../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../../apps/app-access.js';
import { uploadParts } from '../../files/multipart-upload.js';
import { CommitKeyAuthImportDto, KeyAuthImportRowsQuery } from './keyauth-import.dto.js';
import { KeyAuthImportService } from './keyauth-import.service.js';

/** Imports from KeyAuth: upload, preview, commit (owner only: the default of the role policy). */
@ApiTags('keyauth-imports')
@AppScoped('keyauth-imports')
export class KeyAuthImportController {
  constructor(private readonly imports: KeyAuthImportService) {}

  @Post()
  @AppCapability('keyauth')
  @ApiOperation({
    summary:
      'Upload a KeyAuth export (KeyAuthKeys.json, KeyAuthUsers.json, or the seller API’s fetchallkeys or fetchallusers answer); the worker previews it',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
  })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.imports.create(actor, app.id, uploadParts(request, KeyAuthImportLimits.maxBytes)));
  }

  @Get()
  @AppCapability('keyauth')
  @ApiOperation({ summary: 'The app’s imports from KeyAuth, newest first' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.imports.list(app.id, pageOffset(query), query.limit), query);
  }

  @Get(':importId')
  @AppCapability('keyauth')
  @ApiOperation({ summary: 'An import: status, the preview’s counts and subscription names, its jobs, the result' })
  async get(@CurrentApp() app: OwnedApp, @IdParam('importId') importId: string) {
    return ok(await this.imports.get(app.id, importId));
  }

  @Get(':importId/rows')
  @AppCapability('keyauth')
  @ApiOperation({ summary: 'The preview’s users or keys, each with what the commit does with it and why' })
  async rows(
    @CurrentApp() app: OwnedApp,
    @IdParam('importId') importId: string,
    @Query() query: KeyAuthImportRowsQuery,
  ) {
    const page = { offset: pageOffset(query), limit: query.limit };
    return paged(await this.imports.rows(app.id, importId, query.kind, query.outcome ?? null, page), query);
  }

  @Post(':importId/commit')
  @AppCapability('keyauth')
  @HttpCode(202)
  @ApiOperation({ summary: 'Commit the previewed import in one transaction on the worker' })
  async commit(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('importId') importId: string,
    @Body() body: CommitKeyAuthImportDto,
  ) {
    return ok(await this.imports.commit(actor, app.id, importId, body.levels ?? {}));
  }
}
