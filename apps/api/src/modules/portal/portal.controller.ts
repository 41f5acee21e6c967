import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../common/admin-response.js';
import { IdParam } from '../../common/id-param.js';
import { PortalAccess } from './portal-access.js';
import { PortalDownloadDto, PortalEmailCodeDto, PortalSignInDto } from './portal.dto.js';
import { PortalService } from './portal.service.js';

/**
 * The customer portal's API, `/v1/portal/{publicId}`: public sign-in routes,
 * then routes that take a customer's portal token (`Bearer lku_...`), never an
 * owner's or member's token (and a portal token reaches no admin route).
 */
@ApiTags('customer portal')
@Controller('v1/portal/:publicId')
export class PortalController {
  constructor(
    private readonly access: PortalAccess,
    private readonly portal: PortalService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The portal's name, color, support link and sign-in methods (404 when off or unknown)" })
  async branding(@Param('publicId') publicId: string) {
    return ok(this.portal.branding(await this.access.portal(publicId)));
  }

  @Post('sign-in')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a key, a username and password, or an emailed code; every refusal is alike' })
  async signIn(@Param('publicId') publicId: string, @Body() body: PortalSignInDto, @Ip() ip: string) {
    return ok(await this.access.signIn(publicId, body, ip));
  }

  @Post('email-code')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a one-time sign-in code to an email that has keys (the answer is the same either way)',
  })
  async emailCode(@Param('publicId') publicId: string, @Body() body: PortalEmailCodeDto, @Ip() ip: string) {
    return ok(await this.access.requestCode(publicId, body.email, ip));
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiBearerAuth()
  async signOut(@Param('publicId') publicId: string, @Headers('authorization') authorization?: string) {
    await this.access.signOut(await this.access.authenticate(publicId, authorization));
    return ok({});
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({ summary: "The customer's keys, users, devices, live sessions, HWID reset state and files" })
  async me(@Param('publicId') publicId: string, @Headers('authorization') authorization?: string) {
    const settings = await this.access.portal(publicId);
    const session = await this.access.authenticate(publicId, authorization);
    return ok(await this.portal.overview(settings, session));
  }

  @Post('users/:userId/reset-hwid')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Reset one of the customer's users' HWID, within the owner's policy" })
  async resetHwid(
    @Param('publicId') publicId: string,
    @IdParam('userId') userId: string,
    @Ip() ip: string,
    @Headers('authorization') authorization?: string,
  ) {
    const settings = await this.access.portal(publicId);
    const session = await this.access.authenticate(publicId, authorization);
    return ok(await this.portal.resetHwid(settings, session, userId, ip));
  }

  @Post('files/:fileId/link')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A single-use download link to a file the portal offers, for one of the customer’s users' })
  async link(
    @Param('publicId') publicId: string,
    @IdParam('fileId') fileId: string,
    @Body() body: PortalDownloadDto,
    @Req() request: FastifyRequest,
    @Headers('authorization') authorization?: string,
  ) {
    const settings = await this.access.portal(publicId);
    const session = await this.access.authenticate(publicId, authorization);
    const origin = request.host ? `${request.protocol}://${request.host}` : null;
    return ok(await this.portal.downloadLink(settings, session, fileId, body.userId, request.ip, origin));
  }
}
