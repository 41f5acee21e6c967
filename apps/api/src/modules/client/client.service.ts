import { Injectable } from '@nestjs/common';
import { CLIENT_REQUEST_TYPES, ClientMessage, type ClientRequestType, type InitData } from '@latchkey/contracts';
import { getMetadataStorage, validateSync } from 'class-validator';
import { matchesDigest } from '../../common/crypto.js';
import { AppError } from '../../common/errors.js';
import type { CachedApp } from '../apps/app-credentials.cache.js';
import { AuditService } from '../audit/audit.service.js';
import { BlacklistService } from '../blacklist/blacklist.service.js';
import { FileDownloads } from '../files/file-downloads.js';
import { UserVariablesService } from '../user-variables/user-variables.service.js';
import { ClientRateLimiter } from '../rate-limit/client-rate-limiter.js';
import type { ClientContext, ClientResult } from './client-context.js';
import { clientAuthFailure, type AuthenticatingType } from './client-audit.js';
import { ClientAuthService } from './client-auth.service.js';
import { ClientSessionService } from './client-session.service.js';
import { withOfflineTicket } from './offline-ticket.js';
import {
  ClientBaseDto,
  FileDto,
  InitDto,
  LicenseDto,
  LoginDto,
  LogDto,
  RegisterDto,
  SessionDto,
  SetUserVarDto,
  UpgradeDto,
  UsernameUpgradeDto,
  UserVarDto,
  UserVarsDto,
  VarDto,
} from './client.dto.js';

interface Route {
  dto: new () => ClientBaseDto;
  handle: (ctx: ClientContext<never>) => Promise<ClientResult> | ClientResult;
}

/** The fields the blacklist and the audit log read, where a type carries them. */
interface IdentityFields {
  username?: string;
  hwid?: string | null;
  licenseKey?: string;
}

const KNOWN_TYPES = new Set<string>(CLIENT_REQUEST_TYPES);
/** The fields that identify the app on `/v1`; another door identifies it its own way (dispatchForApp). */
const CREDENTIAL_FIELDS = new Set<string>(['appId', 'apiKey'] satisfies (keyof ClientBaseDto)[]);
/** The types that authenticate a user: rate limited, and audited whatever their outcome. */
const AUTHENTICATING_TYPES = new Set<ClientRequestType>([
  'register',
  'login',
  'license',
  'upgrade',
] satisfies AuthenticatingType[]);

/**
 * The `POST /v1` dispatcher. Checks run in the contract's order: body shape,
 * app credentials, app enabled, blacklist, then the operation's own checks
 * (the per-IP rate limit of authenticating types first among them). It hands
 * the validated body to the handler of its `type`.
 */
@Injectable()
export class ClientService {
  private readonly routes: Partial<Record<ClientRequestType, Route>>;

  constructor(
    private readonly auth: ClientAuthService,
    sessions: ClientSessionService,
    files: FileDownloads,
    userVariables: UserVariablesService,
    private readonly blacklist: BlacklistService,
    private readonly rateLimiter: ClientRateLimiter,
    private readonly audit: AuditService,
  ) {
    /** The user of a live session: a user's variables are its own (a key used alone is its own user too). */
    const sessionUser = async (app: CachedApp, body: SessionDto) => ({
      appId: app.id,
      userId: (await sessions.requireLive(app, body.sessionToken)).user.id,
    });
    this.routes = {
      init: { dto: InitDto, handle: (ctx: ClientContext<InitDto>) => this.init(ctx) },
      register: { dto: RegisterDto, handle: (ctx: ClientContext<RegisterDto>) => auth.register(ctx) },
      login: { dto: LoginDto, handle: (ctx: ClientContext<LoginDto>) => auth.login(ctx) },
      license: { dto: LicenseDto, handle: (ctx: ClientContext<LicenseDto>) => auth.license(ctx) },
      upgrade: { dto: UpgradeDto, handle: (ctx: ClientContext<UpgradeDto>) => auth.upgrade(ctx) },
      check: { dto: SessionDto, handle: (ctx: ClientContext<SessionDto>) => sessions.check(ctx) },
      heartbeat: { dto: SessionDto, handle: (ctx: ClientContext<SessionDto>) => sessions.heartbeat(ctx) },
      logout: { dto: SessionDto, handle: (ctx: ClientContext<SessionDto>) => sessions.logout(ctx) },
      var: { dto: VarDto, handle: (ctx: ClientContext<VarDto>) => sessions.variable(ctx) },
      log: { dto: LogDto, handle: (ctx: ClientContext<LogDto>) => sessions.log(ctx) },
      file: {
        dto: FileDto,
        handle: async ({ app, origin, body }: ClientContext<FileDto>) =>
          files.offer(app.id, await sessions.requireLive(app, body.sessionToken), body, origin),
      },
      uservar: {
        dto: UserVarDto,
        handle: async ({ app, body }: ClientContext<UserVarDto>) =>
          userVariables.read(await sessionUser(app, body), body.key),
      },
      uservars: {
        dto: UserVarsDto,
        handle: async ({ app, body }: ClientContext<UserVarsDto>) =>
          userVariables.readAll(await sessionUser(app, body)),
      },
      setuservar: {
        dto: SetUserVarDto,
        handle: async ({ app, body }: ClientContext<SetUserVarDto>) =>
          userVariables.write(await sessionUser(app, body), body.key, body.value),
      },
      deluservar: {
        dto: UserVarDto,
        handle: async ({ app, body }: ClientContext<UserVarDto>) =>
          userVariables.delete(await sessionUser(app, body), body.key),
      },
    };
  }

  async dispatch(
    body: Record<string, unknown>,
    app: CachedApp | null,
    ip: string,
    origin: string | null,
  ): Promise<ClientResult> {
    const { requestType, dto } = this.validated(body, { credentialsChecked: false });
    if (!app || !matchesDigest(dto.apiKey, app.apiKeyHash)) throw new AppError('INVALID_APP_CREDENTIALS');
    return this.serve(app, requestType, dto, ip, origin);
  }

  /**
   * A request of `POST /v1`'s shape from a door that identified the app by
   * its own means (KeyAuth compatibility: `ownerid` + `name`): the same
   * checks, in the same order, after the credentials, whose fields (`appId`,
   * `apiKey`) it need not carry.
   */
  async dispatchForApp(
    app: CachedApp,
    body: Record<string, unknown>,
    ip: string,
    origin: string | null,
  ): Promise<ClientResult> {
    const { requestType, dto } = this.validated(body, { credentialsChecked: true });
    return this.serve(app, requestType, dto, ip, origin);
  }

  /**
   * KeyAuth's `upgrade`, which carries no password: the key is redeemed onto
   * the user named, with `/v1` upgrade's rules and checks otherwise.
   */
  async upgradeByUsername(app: CachedApp, body: Record<string, unknown>, ip: string): Promise<ClientResult> {
    const dto = validatedDto(UsernameUpgradeDto, body, { credentialsChecked: true });
    return this.serve(app, 'upgrade', dto, ip, null, (ctx: ClientContext<UsernameUpgradeDto>) =>
      this.auth.upgradeByUsername(ctx),
    );
  }

  /** The body's route and its DTO, validated (the credential fields too, unless the caller checked the app itself). */
  private validated(
    body: Record<string, unknown>,
    { credentialsChecked }: { credentialsChecked: boolean },
  ): { requestType: ClientRequestType; dto: ClientBaseDto } {
    const type = body.type;
    const route =
      typeof type === 'string' && KNOWN_TYPES.has(type) ? this.routes[type as ClientRequestType] : undefined;
    if (!route) throw new AppError('UNKNOWN_TYPE');
    return { requestType: type as ClientRequestType, dto: validatedDto(route.dto, body, { credentialsChecked }) };
  }

  /** Everything after the credentials: app enabled, blacklist, the rate limit of authenticating types, the handler. */
  private async serve(
    app: CachedApp,
    requestType: ClientRequestType,
    dto: ClientBaseDto,
    ip: string,
    origin: string | null,
    handle = this.routes[requestType]!.handle,
  ): Promise<ClientResult> {
    if (!app.enabled) throw new AppError('APP_DISABLED');

    const identity = dto as IdentityFields;
    const authenticating = AUTHENTICATING_TYPES.has(requestType);
    try {
      const blocked = await this.blacklist.isBlocked(app.id, {
        ip,
        hwid: identity.hwid ?? null,
        // A key used alone authenticates as its own user, named after the key (trimmed, as `license` reads it).
        username: identity.username ?? identity.licenseKey?.trim() ?? null,
      });
      if (blocked) throw new AppError('ACCESS_DENIED');
      if (authenticating) await this.rateLimiter.consume(app, ip);
      return await withOfflineTicket(app, await handle({ app, ip, origin, body: dto as never }));
    } catch (err) {
      // A refused authentication is audited with its reason; a 429 is not, so a flood cannot fill the log.
      if (authenticating && err instanceof AppError && err.code !== 'TOO_MANY_REQUESTS') {
        void this.audit.record(
          clientAuthFailure({
            appId: app.id,
            type: requestType as AuthenticatingType,
            actor: (requestType === 'license' ? identity.licenseKey : identity.username) ?? '',
            ip,
            reason: err.message,
          }),
        );
      }
      throw err;
    }
  }

  private init({ app }: ClientContext<InitDto>): ClientResult {
    const data: InitData = { name: app.name, version: app.version, updateUrl: app.updateUrl };
    return { message: ClientMessage.appInitialized, data };
  }
}

/** `body`'s declared fields as a DTO of `dtoClass`, validated (the credential fields too, unless checked elsewhere). */
function validatedDto<Dto extends ClientBaseDto>(
  dtoClass: new () => Dto,
  body: Record<string, unknown>,
  { credentialsChecked }: { credentialsChecked: boolean },
): Dto {
  const dto = copyDeclaredFields(dtoClass, body);
  const problems = validateSync(dto, { forbidUnknownValues: false, stopAtFirstError: true })
    .filter((error) => !(credentialsChecked && CREDENTIAL_FIELDS.has(error.property)))
    .flatMap((e) => Object.values(e.constraints ?? {}));
  if (problems.length > 0) throw new AppError('VALIDATION', problems[0]);
  return dto as Dto;
}

const declaredFieldsByDto = new Map<new () => ClientBaseDto, readonly string[]>();

/**
 * A DTO holding only the fields its class declares, copied as own properties
 * the body has. Copying the whole body would let it steer validation: a key
 * named `constructor` on the instance hides the class whose rules
 * class-validator looks up, and every check is skipped.
 */
function copyDeclaredFields(dtoClass: new () => ClientBaseDto, body: Record<string, unknown>): ClientBaseDto {
  let fields = declaredFieldsByDto.get(dtoClass);
  if (!fields) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dtoClass, '', true, false);
    fields = [...new Set(metadata.map((m) => m.propertyName))];
    declaredFieldsByDto.set(dtoClass, fields);
  }
  const dto = new dtoClass() as unknown as Record<string, unknown>;
  for (const field of fields) if (Object.hasOwn(body, field)) dto[field] = body[field];
  return dto as unknown as ClientBaseDto;
}
