import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { AppError, validationError } from '../errors.js';
import { findHostileInput } from './hostile-input.js';

const FORM_ENCODED = /^application\/x-www-form-urlencoded/i;

/**
 * Refuses hostile keys and strings (see hostile-input.ts) in the body and query
 * of every admin route, before its DTO is built: class-transformer would copy a
 * `constructor` key onto the DTO and class-validator would then skip its rules.
 * Form-encoded bodies are refused with 415. `POST /v1` does not pass through
 * Nest; its endpoint runs the same hostile-input check.
 */
@Injectable()
export class HostileInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Nest parses form-encoded bodies too; the admin API speaks JSON only (multipart routes aside).
    if (FORM_ENCODED.test(request.headers['content-type'] ?? '')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const problem = findHostileInput(request.query, 'query') ?? findHostileInput(request.body);
    if (problem) throw validationError([problem]);
    return next.handle();
  }
}
