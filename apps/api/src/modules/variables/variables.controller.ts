import { Body, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { CreateVariableDto, UpdateVariableDto } from './variables.dto.js';
import { VariablesService } from './variables.service.js';

@ApiTags('variables')
@AppScoped('variables')
export class VariablesController {
  constructor(private readonly variables: VariablesService) {}

  @Post()
  @AppCapability('variables.write')
  @ApiOperation({ summary: 'Create a server-side variable, readable by sessions with level >= minLevel' })
  async create(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Body() body: CreateVariableDto) {
    return ok(await this.variables.create(actor, app.id, body));
  }

  @Get()
  @AppCapability('variables.read')
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.variables.list(app.id, pageOffset(query), query.limit), query);
  }

  @Get(':key')
  @AppCapability('variables.read')
  async get(@CurrentApp() app: OwnedApp, @Param('key') key: string) {
    return ok(await this.variables.get(app.id, key));
  }

  @Patch(':key')
  @AppCapability('variables.write')
  async update(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @Param('key') key: string,
    @Body() body: UpdateVariableDto,
  ) {
    return ok(await this.variables.update(actor, app.id, key, body));
  }

  @Delete(':key')
  @AppCapability('variables.write')
  async remove(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @Param('key') key: string) {
    await this.variables.remove(actor, app.id, key);
    return ok({});
  }
}
