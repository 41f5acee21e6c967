import { Body, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UserVariableLimits, UserVariableMessage } from '@latchkey/contracts';
import type { FastifyReply } from 'fastify';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { fieldError } from '../../common/errors.js';
import { IdParam } from '../../common/id-param.js';
import { AppScoped, CurrentApp, type OwnedApp, AppCapability } from '../apps/app-access.js';
import { SetUserVariableDto } from './user-variables.dto.js';
import { UserVariablesService } from './user-variables.service.js';

/** A user's own variables, as the app's owner sees and changes them. */
@ApiTags('users')
@AppScoped('users/:userId/variables')
export class UserVariablesController {
  constructor(private readonly variables: UserVariablesService) {}

  @Get()
  @AppCapability('userVariables.read')
  @ApiOperation({ summary: "The user's own variables, by key" })
  async list(@CurrentApp() app: OwnedApp, @IdParam('userId') userId: string, @Query() query: PageQuery) {
    return paged(await this.variables.list(app.id, userId, pageOffset(query), query.limit), query);
  }

  @Put(':key')
  @AppCapability('userVariables.write')
  @ApiOperation({
    summary: `Create (201) or replace (200) one of the user's variables; at most ${UserVariableLimits.perUser} per user (409 USER_VARIABLE_LIMIT)`,
  })
  @ApiParam({ name: 'key', schema: { type: 'string', pattern: UserVariableLimits.keyPattern.source } })
  @ApiResponse({ status: 201, description: 'The variable was created' })
  @ApiResponse({ status: 200, description: 'The variable was replaced' })
  async put(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('userId') userId: string,
    @Param('key') key: string,
    @Body() body: SetUserVariableDto,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!UserVariableLimits.keyPattern.test(key)) throw fieldError('key', UserVariableMessage.key);
    const { variable, created } = await this.variables.put(actor, app.id, userId, key, body.value);
    reply.status(created ? 201 : 200).send(ok(variable));
  }

  @Delete(':key')
  @AppCapability('userVariables.write')
  async remove(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @IdParam('userId') userId: string,
    @Param('key') key: string,
  ) {
    await this.variables.remove(actor, app.id, userId, key);
    return ok({});
  }
}
