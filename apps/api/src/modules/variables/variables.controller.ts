import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AccessTokenGuard } from '../../common/auth/access-token.guard.js';
import { CurrentPrincipal, type Principal } from '../../common/auth/principal.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { CreateVariableDto, UpdateVariableDto } from './variables.dto.js';
import { VariablesService } from './variables.service.js';

@ApiTags('variables')
@ApiBearerAuth()
@UseGuards(AccessTokenGuard)
@Controller('v1/admin/apps/:appId/variables')
export class VariablesController {
  constructor(private readonly variables: VariablesService) {}

  @Post()
  @ApiOperation({ summary: 'Create a server-side variable, readable by sessions with level >= minLevel' })
  async create(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Body() body: CreateVariableDto) {
    return ok(await this.variables.create(actor, appId, body));
  }

  @Get()
  async list(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string, @Query() query: PageQuery) {
    const { items, total } = await this.variables.list(principal, appId, pageOffset(query), query.limit);
    return paged(items, { page: query.page, limit: query.limit, total });
  }

  @Get(':key')
  async get(@CurrentPrincipal() principal: Principal, @Param('appId') appId: string, @Param('key') key: string) {
    return ok(await this.variables.get(principal, appId, key));
  }

  @Patch(':key')
  async update(
    @CurrentActor() actor: Actor,
    @Param('appId') appId: string,
    @Param('key') key: string,
    @Body() body: UpdateVariableDto,
  ) {
    return ok(await this.variables.update(actor, appId, key, body));
  }

  @Delete(':key')
  async remove(@CurrentActor() actor: Actor, @Param('appId') appId: string, @Param('key') key: string) {
    await this.variables.remove(actor, appId, key);
    return ok({});
  }
}
