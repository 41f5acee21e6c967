import { Injectable } from '@nestjs/common';
import { CLIENT_REQUEST_TYPES, ClientMessage, type ClientRequestType, type InitData } from '@latchkey/contracts';
import { validateSync } from 'class-validator';
import { matchesDigest } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import type { ClientContext, ClientResult } from './client-context.js';
import { ClientBaseDto, InitDto } from './client.dto.js';

interface Route {
  dto: new () => ClientBaseDto;
  handle: (ctx: ClientContext<never>) => Promise<ClientResult> | ClientResult;
}

const KNOWN_TYPES = new Set<string>(CLIENT_REQUEST_TYPES);

/**
 * The `POST /v1` dispatcher: checks in the contract's order (body shape, app
 * credentials, app enabled, then the operation's own checks) and hands the
 * validated body to the handler of its `type`.
 */
@Injectable()
export class ClientService {
  private readonly routes: Partial<Record<ClientRequestType, Route>> = {
    init: { dto: InitDto, handle: (ctx: ClientContext<InitDto>) => this.init(ctx) },
  };

  async dispatch(body: Record<string, unknown>, app: CachedApp | null, ip: string): Promise<ClientResult> {
    const type = body.type;
    const route =
      typeof type === 'string' && KNOWN_TYPES.has(type) ? this.routes[type as ClientRequestType] : undefined;
    if (!route) throw new AppError('UNKNOWN_TYPE');

    // The bodies are flat: a shallow copy onto the DTO is all class-validator needs.
    const dto = Object.assign(new route.dto(), body);
    const problems = validateSync(dto, { forbidUnknownValues: false, stopAtFirstError: true }).flatMap((e) =>
      Object.values(e.constraints ?? {}),
    );
    if (problems.length > 0) throw new AppError('VALIDATION', problems[0]);

    if (!app || !matchesDigest(dto.apiKey, app.apiKeyHash)) throw new AppError('INVALID_APP_CREDENTIALS');
    if (!app.enabled) throw new AppError('APP_DISABLED');

    return route.handle({ app, ip, body: dto as never });
  }

  private init({ app }: ClientContext<InitDto>): ClientResult {
    const data: InitData = { name: app.name, version: app.version, updateUrl: app.updateUrl };
    return { message: ClientMessage.appInitialized, data };
  }
}
