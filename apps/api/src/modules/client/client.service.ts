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
import { CLIENT_CHECKS, type ClientCall, type ClientCheckName, type ClientRoute } from './client-checks.js';
import { SessionCallsService } from './session-calls.service.js';
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
 * The `POST /v1` dispatcher: runs CLIENT_CHECKS (client-checks.ts) in their
 * order, the last of which hands the validated body to the handler of its
 * `type`.
 */
@Injectable()
export class ClientService {
  private readonly routes: Partial<Record<ClientRequestType, ClientRoute>>;

  constructor(
    private readonly auth: ClientAuthService,
    sessions: SessionCallsService,
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
    return this.runChecks({ body, app, ip, origin, credentialsChecked: false });
  }

  /**
   * A request of `POST /v1`'s shape from a door that identified the app by
   * its own means (KeyAuth compatibility: `ownerid` + `name`): the same
   * checks, in the same order, but the credentials, whose fields (`appId`,
   * `apiKey`) it need not carry.
   */
  async dispatchForApp(
    app: CachedApp,
    body: Record<string, unknown>,
    ip: string,
    origin: string | null,
  ): Promise<ClientResult> {
    return this.runChecks({ body, app, ip, origin, credentialsChecked: true });
  }

  /** Runs CLIENT_CHECKS in their order; the last, the type's own checks, answers. */
  private async runChecks(call: ClientCall): Promise<ClientResult> {
    for (const check of CLIENT_CHECKS) {
      // Only the checks that wait on something are awaited: init and var are hot enough to feel each turn.
      const pending = this.checks[check.name](call);
      if (pending) await pending;
    }
    return call.result!;
  }

  /**
   * KeyAuth's `upgrade`, which carries no password: the key is redeemed onto
   * the user named, with `/v1` upgrade's rules and checks otherwise.
   */
  async upgradeByUsername(app: CachedApp, body: Record<string, unknown>, ip: string): Promise<ClientResult> {
    const handle = (ctx: ClientContext<UsernameUpgradeDto>) => this.auth.upgradeByUsername(ctx);
    const route = { requestType: 'upgrade' as const, dto: UsernameUpgradeDto, handle };
    return this.runChecks({ body, app, ip, origin: null, credentialsChecked: true, route });
  }

  /** The body's request type, if it is one of the contract's. */
  private requestTypeOf(body: Record<string, unknown>): ClientRequestType {
    const type = body.type;
    if (typeof type !== 'string' || !KNOWN_TYPES.has(type) || !this.routes[type as ClientRequestType])
      throw new AppError('UNKNOWN_TYPE');
    return type as ClientRequestType;
  }

  /**
   * What each of CLIENT_CHECKS does to a call. A refused authentication is
   * audited with its reason from the blacklist on (a 429 is not, so a flood
   * cannot fill the log).
   */
  private readonly checks: Record<ClientCheckName, (call: ClientCall) => void | Promise<void>> = {
    'body shape': (call) => {
      const { body, credentialsChecked, route } = call;
      if (route) call.requestType = route.requestType;
      else call.requestType = this.requestTypeOf(body);
      const dtoClass = route?.dto ?? this.routes[call.requestType]!.dto;
      call.dto = validatedDto(dtoClass, body, { credentialsChecked });
    },
    'app credentials': ({ app, dto, credentialsChecked }) => {
      if (credentialsChecked) return;
      if (!app || !matchesDigest(dto!.apiKey, app.apiKeyHash)) throw new AppError('INVALID_APP_CREDENTIALS');
    },
    'app enabled': ({ app }) => {
      if (!app!.enabled) throw new AppError('APP_DISABLED');
    },
    blacklist: (call) =>
      this.audited(call, async ({ app, ip, dto }) => {
        const identity = dto as IdentityFields;
        const blocked = await this.blacklist.isBlocked(app!.id, {
          ip,
          hwid: identity.hwid ?? null,
          // A key used alone authenticates as its own user, named after the key (trimmed, as `license` reads it).
          username: identity.username ?? identity.licenseKey?.trim() ?? null,
        });
        if (blocked) throw new AppError('ACCESS_DENIED');
      }),
    'rate limit': (call) => {
      if (!AUTHENTICATING_TYPES.has(call.requestType!)) return;
      return this.audited(call, ({ app, ip }) => this.rateLimiter.consume(app!, ip));
    },
    "the type's own checks": (call) =>
      this.audited(call, async ({ app, ip, origin, requestType, dto }) => {
        const handle = call.route?.handle ?? this.routes[requestType!]!.handle;
        call.result = await withOfflineTicket(app!, await handle({ app: app!, ip, origin, body: dto as never }));
      }),
  };

  /** Runs `step`; a refusal of an authenticating type is audited with its reason, but a 429. */
  private audited(call: ClientCall, step: (call: ClientCall) => Promise<void>): Promise<void> {
    const { app, ip, requestType, dto } = call;
    if (!AUTHENTICATING_TYPES.has(requestType!)) return step(call);
    return step(call).catch((err: unknown) => {
      if (err instanceof AppError && err.code !== 'TOO_MANY_REQUESTS') {
        const identity = dto as IdentityFields;
        void this.audit.record(
          clientAuthFailure({
            appId: app!.id,
            type: requestType as AuthenticatingType,
            actor: (requestType === 'license' ? identity.licenseKey : identity.username) ?? '',
            ip,
            reason: err.message,
          }),
        );
      }
      throw err;
    });
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
