import { Body, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JobLimits } from '@latchkey/contracts';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../common/id-param.js';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { uploadParts } from '../files/multipart-upload.js';
import { CreateJobDto } from './jobs.dto.js';
import { JobsService } from './jobs.service.js';

@ApiTags('jobs')
@AppScoped('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post()
  @AppCapability('jobs.write')
  @ApiOperation({ summary: 'Start a bulk job on the app’s keys or users; the worker runs it' })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: CreateJobDto) {
    return ok(await this.jobs.create(actor, app.id, body));
  }

  @Post('preview')
  @AppCapability('jobs.write')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Dry run: how many records the job would change now (its own conditions; nothing is changed)',
    description:
      `The body of \`POST .../jobs\`, refused in the same words. Counts up to ${JobLimits.previewCountMax} ` +
      'records: past that, `count` is that bound and `countIsCapped` is true.',
  })
  async preview(@CurrentApp() app: OwnedApp, @Body() body: CreateJobDto) {
    return ok(await this.jobs.preview(app.id, body));
  }

  @Post('import')
  @AppCapability('jobs.write')
  @ApiOperation({
    summary: `Import keys from a CSV (columns key, level, duration, note; up to ${JobLimits.importMaxRows} rows)`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
  })
  async import(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Req() request: FastifyRequest) {
    return ok(await this.jobs.createImport(actor, app.id, uploadParts(request, JobLimits.importMaxBytes)));
  }

  @Get()
  @AppCapability('jobs.read')
  @ApiOperation({ summary: 'The app’s jobs, newest first' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.jobs.list(app.id, pageOffset(query), query.limit), query);
  }

  @Get(':jobId')
  @AppCapability('jobs.read')
  async get(@CurrentApp() app: OwnedApp, @IdParam('jobId') jobId: string) {
    return ok(await this.jobs.get(app.id, jobId));
  }

  @Post(':jobId/cancel')
  @AppCapability('jobs.write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a job: at once when queued, after the current batch when running' })
  async cancel(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('jobId') jobId: string) {
    return ok(await this.jobs.cancel(actor, app.id, jobId));
  }
}
