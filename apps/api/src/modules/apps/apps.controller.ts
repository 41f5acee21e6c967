import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { CreateAppDto, UpdateAppDto } from './apps.dto.js';
import { AppsService } from './apps.service.js';

@ApiTags('apps')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps')
export class AppsController {
  constructor(private readonly apps: AppsService) {}

  @Post()
  @ApiOperation({ summary: 'Create an application; apiKey is shown only here' })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateAppDto) {
    return ok(await this.apps.create(actor, body));
  }

  @Get()
  @ApiOperation({ summary: "The caller's applications" })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery) {
    const { items, total } = await this.apps.list(principal, pageOffset(query), query.limit);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Get(':appId')
  async get(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string) {
    return ok(await this.apps.get(principal, appId));
  }

  @Patch(':appId')
  @ApiOperation({ summary: 'Change settings; takes effect on /v1 at once' })
  async update(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Body() body: UpdateAppDto) {
    return ok(await this.apps.update(actor, appId, body));
  }

  @Post(':appId/api-key/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue a new API key; the old one stops working at once' })
  async rotate(@CurrentActor() actor: Actor, @Param('appId') appId: string) {
    return ok(await this.apps.rotateApiKey(actor, appId));
  }

  @Delete(':appId')
  @ApiOperation({ summary: 'Delete the application and all its records' })
  async remove(@CurrentActor() actor: Actor, @Param('appId') appId: string) {
    await this.apps.remove(actor, appId);
    return ok({});
  }
}
