import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppRole } from '@latchkey/contracts';
import { ok, PageQuery, pageOffset, paged } from '../../common/admin-response.js';
import { AdminController } from '../../common/auth/admin-controller.js';
import { CurrentActor, type Actor } from '../../common/auth/actor.js';
import { PublicRoute } from '../../common/auth/principal.js';
import { IdParam } from '../../common/id-param.js';
import { AppCapability, AppScoped, CurrentApp, CurrentAppRole, type OwnedApp } from '../apps/app-access.js';
import { AcceptInvitationDto, CreateInvitationDto, UpdateMemberDto } from './members.dto.js';
import { MembersService } from './members.service.js';

@ApiTags('members')
@AppScoped('members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @AppCapability('members')
  @ApiOperation({ summary: 'The app’s owner and members with their roles' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.members.list(app.id, pageOffset(query), query.limit), query);
  }

  @Patch(':accountId')
  @AppCapability('members')
  @ApiOperation({
    summary: 'Change a member’s role (not the owner’s, and not above the caller’s own); takes effect at once',
  })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @CurrentAppRole() acting: AppRole,
    @IdParam('accountId') accountId: string,
    @Body() body: UpdateMemberDto,
  ) {
    return ok(await this.members.changeRole(actor, app, acting, accountId, body.role));
  }

  @Delete(':accountId')
  // Any member may leave (remove itself); removing another member takes `members`, checked by the service.
  @AppCapability('app.read')
  @ApiOperation({ summary: 'Remove a member (admins), or leave the app (any member, its own accountId)' })
  async remove(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @CurrentAppRole() acting: AppRole,
    @IdParam('accountId') accountId: string,
  ) {
    await this.members.remove(actor, app, acting, accountId);
    return ok({});
  }
}

@ApiTags('members')
@AppScoped('invitations')
export class AppInvitationsController {
  constructor(private readonly members: MembersService) {}

  @Post()
  @AppCapability('members')
  @ApiOperation({ summary: 'Invite a member: a single-use link that expires; the token is shown only here' })
  async create(
    @CurrentActor() actor: Actor,
    @CurrentApp() app: OwnedApp,
    @CurrentAppRole() acting: AppRole,
    @Body() body: CreateInvitationDto,
  ) {
    return ok(await this.members.invite(actor, app, acting, body.role, body.expiresInHours, body.label ?? null));
  }

  @Get()
  @AppCapability('members')
  @ApiOperation({ summary: 'Pending invitations (never their tokens), newest first' })
  async list(@CurrentApp() app: OwnedApp, @Query() query: PageQuery) {
    return paged(await this.members.listInvitations(app.id, pageOffset(query), query.limit), query);
  }

  @Delete(':invitationId')
  @AppCapability('members')
  @ApiOperation({ summary: 'Revoke a pending invitation' })
  async revoke(@CurrentActor() actor: Actor, @CurrentApp() app: OwnedApp, @IdParam('invitationId') id: string) {
    await this.members.revokeInvitation(actor, app, id);
    return ok({});
  }
}

/** An invitation seen and accepted by the invited account (any owner-role account; signing up first is fine). */
@ApiTags('members')
@AdminController('invitations')
export class InvitationsController {
  constructor(private readonly members: MembersService) {}

  @PublicRoute()
  @Get(':token')
  @ApiOperation({ summary: 'What an invitation grants; 410 once expired, used or revoked' })
  async preview(@Param('token') token: string) {
    return ok(await this.members.preview(token));
  }

  @Post('accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Join the app with the invitation’s role; each invitation works once' })
  async accept(@CurrentActor() actor: Actor, @Body() body: AcceptInvitationDto) {
    return ok(await this.members.accept(actor, body.token));
  }
}
