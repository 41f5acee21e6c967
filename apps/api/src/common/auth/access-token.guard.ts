import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { PUBLIC_ROUTE, type RequestWithPrincipal } from './principal.js';
import { PrincipalResolver } from './principal-resolver.js';

/** Requires `Authorization: Bearer <access or personal token>` on admin routes. */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly principals: PrincipalResolver,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithPrincipal>();
    const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(request.headers.authorization ?? '');
    const principal = match ? await this.principals.authenticate(match[1]!) : null;
    if (!principal) throw new AppError('UNAUTHORIZED');
    request.principal = principal;
    return true;
  }
}
