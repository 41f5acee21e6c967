import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsString,
  Matches,
  Max,
  MinLength,
  ValidateBy,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { IntSetting, toIntList, toOriginList } from './setting-decorators.js';
import { ServiceSettings } from './service-settings.js';

export { BCRYPT_COST_MAX } from './service-settings.js';

const SMTP_URL_MESSAGE =
  'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465';

/** An address (`a@b.c`), or a display name and `<a@b.c>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

/**
 * Every setting the service reads, from environment variables only. Parsed and
 * validated once at start; everything else reads the typed result.
 */
export class Config extends ServiceSettings {
  /**
   * The passkeys' relying party: the domain they are bound to. Unset, it is
   * the host of the request's Origin (the address the dashboard was opened
   * at). Set it when the dashboard is reached under several names of one
   * domain; each origin's host must be it or a subdomain of it.
   */
  @ValidateBy({
    name: 'originsUnderRpId',
    validator: {
      // A malformed origin is WEBAUTHN_ORIGINS' own problem, reported by its rule.
      validate: (rpId: string, args) =>
        (args?.object as Config).WEBAUTHN_ORIGINS.every((origin) => {
          const host = URL.parse(origin)?.hostname;
          return host === undefined || isHostUnder(host, rpId);
        }),
      defaultMessage: () => 'WEBAUTHN_ORIGINS must all be WEBAUTHN_RP_ID or its subdomains',
    },
  })
  @Matches(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
    message: 'WEBAUTHN_RP_ID must be a domain name such as lk.example.com (no scheme, port or path)',
  })
  @IsString()
  @ValidateIf((config: Config) => config.WEBAUTHN_RP_ID !== '')
  WEBAUTHN_RP_ID = '';

  /**
   * The origins passkey ceremonies may come from, comma-separated
   * (`https://lk.example.com`); a request from another is refused. Unset, the
   * request's own Origin is taken, whatever it is.
   */
  @Transform(toOriginList)
  @Matches(/^https?:\/\/[^/?#\s]+$/, {
    each: true,
    message: 'WEBAUTHN_ORIGINS must be a comma-separated list of origins such as https://lk.example.com',
  })
  @IsArray({ message: 'WEBAUTHN_ORIGINS must be a comma-separated list of origins such as https://lk.example.com' })
  WEBAUTHN_ORIGINS: string[] = [];

  /** Largest file an upload may carry (bytes); larger ones get 413. Default 100 MiB. */
  @IntSetting(1, 2 ** 40, '(1 TiB)')
  FILE_MAX_BYTES = 100 * 1024 * 1024;

  /**
   * Memory each API process gives to the verified plaintext of recently
   * downloaded files, so a popular file is read from the store and opened once
   * rather than per download; one file takes at most a quarter, and files
   * being read in may take as much again. 0 turns it off (no plaintext kept
   * past a download). Default 128 MiB.
   */
  @IntSetting(0, 2 ** 40, '(1 TiB)')
  FILE_CACHE_BYTES = 128 * 1024 * 1024;

  /** Where encrypted file content is kept: `postgres` (chunks in the database) or `fs` (FILE_STORAGE_DIR). */
  @IsIn(['postgres', 'fs'], { message: 'FILE_STORAGE must be postgres or fs' })
  FILE_STORAGE: 'postgres' | 'fs' = 'postgres';

  /** The directory of FILE_STORAGE=fs; created when missing. */
  @ValidateIf((config: Config) => config.FILE_STORAGE === 'fs')
  @MinLength(1, { message: 'FILE_STORAGE_DIR is required when FILE_STORAGE=fs' })
  @IsString()
  FILE_STORAGE_DIR = '';

  /**
   * A directory on this machine's disk where each API process keeps the
   * stored (encrypted) records of contents it read from PostgreSQL, so a file
   * too large for FILE_CACHE_BYTES is read from the database once per
   * process rather than per download. Unset: off. Ignored with
   * FILE_STORAGE=fs (that store is on disk already).
   */
  @IsString()
  FILE_DISK_CACHE_DIR = '';

  /** What FILE_DISK_CACHE_DIR may hold per process (one file takes at most a quarter). Default 2 GiB. */
  @IntSetting(0, 2 ** 44, '(16 TiB)')
  FILE_DISK_CACHE_BYTES = 2 * 1024 * 1024 * 1024;

  /**
   * The service's public address (`https://lk.example.com`, or with a path
   * prefix a proxy adds), for absolute URLs handed to clients: download links.
   * Unset, they are built from the request's Host (X-Forwarded-Host and
   * X-Forwarded-Proto with TRUST_PROXY).
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\/+$/, '') : value))
  @Matches(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, {
    message: 'PUBLIC_URL must be an http(s) URL without query or fragment, such as https://lk.example.com',
  })
  @IsString()
  @ValidateIf((config: Config) => config.PUBLIC_URL !== '')
  PUBLIC_URL = '';

  /**
   * The SMTP server mail is sent through (order emails, one-time codes):
   * `smtps://user:password@smtp.example.com:465` (TLS from the start) or
   * `smtp://user:password@smtp.example.com:587` (STARTTLS when the server
   * offers it); user and password percent-encoded. Unset: no mail, and orders
   * show `emailStatus: 'off'`. Never logged.
   */
  @ValidateBy({
    name: 'smtpUrl',
    validator: { validate: (value: string) => isSmtpUrl(value), defaultMessage: () => SMTP_URL_MESSAGE },
  })
  @IsString({ message: SMTP_URL_MESSAGE })
  @ValidateIf((config: Config) => config.SMTP_URL !== '')
  SMTP_URL = '';

  /** The sender of every mail: `Latchkey <no-reply@example.com>` or an address alone; required with SMTP_URL. */
  @ValidateBy({
    name: 'mailFrom',
    validator: {
      validate: (value: string, args) => (args?.object as Config).SMTP_URL === '' || MAIL_FROM_PATTERN.test(value),
      defaultMessage: () => 'MAIL_FROM is required with SMTP_URL: an address, or a name and <address>',
    },
  })
  MAIL_FROM = '';

  /**
   * Milliseconds before each retry of an order email that the SMTP server
   * refused or could not take; the email gets one attempt more than there are
   * delays, then shows as failed. Default: 30 s, 2 min, 10 min, 1 h, 6 h.
   */
  @Transform(toIntList)
  @Max(7 * 24 * 3_600_000, { each: true, message: 'MAIL_RETRY_DELAYS entries must be at most 604800000 (7 days)' })
  @IsArray({ message: 'MAIL_RETRY_DELAYS must be a comma-separated list of milliseconds, e.g. 30000,120000' })
  MAIL_RETRY_DELAYS: number[] = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];

  /** How often the worker queues again order emails still pending with no job (lost to a crash or a Redis restart). */
  @IntSetting(100)
  MAIL_SWEEP_INTERVAL_MS = 30_000;

  /**
   * Lifetime of an order page link handed out by the store's return redirect
   * or the console (24 h); the link in the order email lasts 30 days.
   */
  @IntSetting(1, 30 * 86_400)
  ORDER_LINK_TTL_SECONDS = 86_400;

  /** Order page reads (and store return redirects) per client IP per window; 0 = off. */
  @IntSetting(0, 100_000)
  ORDER_PAGE_RATE_LIMIT_PER_MINUTE = 60;

  /** Lifetime of a download link (the contract's 60 s); change it only in tests. */
  @IntSetting(1, 3600)
  FILE_LINK_TTL_SECONDS = 60;

  /** API processes sharing PORT (node:cluster, see cluster.ts): a number 1-64 or `auto` (one per core). */
  @Matches(/^(auto|[1-9]|[1-5]\d|6[0-4])$/, { message: 'API_PROCESSES must be auto or an integer between 1 and 64' })
  @IsString()
  API_PROCESSES = '1';

  /**
   * PostgreSQL connections per process (each API process and each worker has
   * its own pool). More is not faster: past a few per database core, backends
   * only contend (docs/decisions/performance.md, "Pool size").
   */
  @IntSetting(1, 500)
  DATABASE_POOL_SIZE = 10;

  /**
   * The worker's own HTTP port for its probes (`/health`: PostgreSQL and Redis
   * answer; `/health/live`) and Prometheus (`/metrics`), since it serves no
   * traffic; 0 (the default) opens none.
   */
  @IntSetting(0, 65535)
  WORKER_HEALTH_PORT = 0;

  /**
   * The API's Prometheus port: `GET /metrics` on a listener of its own, never
   * the public PORT; 0 (the default) opens none. With API_PROCESSES > 1 the
   * cluster's primary answers for all its processes. The worker's metrics are
   * on WORKER_HEALTH_PORT.
   */
  @IntSetting(0, 65535)
  METRICS_PORT = 0;
}

/** Whether `host` is `domain` or one of its subdomains (a passkey's origin under its relying party ID). */
export function isHostUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** Parses `env`; returns the config or the list of problems, one line each. */
export function parseConfig(env: NodeJS.ProcessEnv): { config: Config } | { problems: string[] } {
  const defaults = new Config();
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const config = Object.assign(new Config(), plainToInstance(Config, raw));
  const errors = validateSync(config, { forbidUnknownValues: false, stopAtFirstError: true });
  if (errors.length > 0) {
    return { problems: errors.flatMap((e) => Object.values(e.constraints ?? {})) };
  }
  return { config };
}

/** Reads the process environment or exits with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = parseConfig(env);
  if ('problems' in result) {
    for (const problem of result.problems) process.stderr.write(`Configuration error: ${problem}\n`);
    process.exit(1);
  }
  return result.config;
}
