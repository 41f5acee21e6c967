import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { AppError } from '../errors.js';
import { findHostileInput } from './hostile-input.js';

/**
 * Refuses hostile keys and strings (see hostile-input.ts) in the body and query
 * of every admin route, before its DTO is built: class-transformer would copy a
 * `constructor` key onto the DTO and class-validator would then skip its rules.
 * `POST /v1` does not pass through Nest; its endpoint runs the same check.
 */
@Injectable()
export class HostileInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const problem = findHostileInput(request.query, 'query') ?? findHostileInput(request.body);
    if (problem) throw new AppError('VALIDATION', problem, [problem]);
    return next.handle();
  }
}
