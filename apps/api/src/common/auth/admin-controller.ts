import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { AccessTokenGuard } from './access-token.guard.js';
import { RolePolicyGuard } from './role-policy.js';

/**
 * An admin API controller under `/v1/admin/<path>`: bearer token required
 * (unless a route is PublicRoute), then the route's role policy (AllowRoles;
 * owners only by default). App-scoped controllers use AppScoped instead.
 */
export const AdminController = (path: string) =>
  applyDecorators(Controller(`v1/admin/${path}`), ApiBearerAuth(), UseGuards(AccessTokenGuard, RolePolicyGuard));
