import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  validateSync,
} from 'class-validator';

/** The highest BCRYPT_COST allowed. */
export const BCRYPT_COST_MAX = 15;

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
const toOriginList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter((origin) => origin !== '')
    : value;
const toIntList = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+(\s*,\s*\d+)*\s*$/.test(value) ? value.split(',').map(Number) : value;

/**
 * Every setting the service reads, from environment variables only. Parsed and
 * validated once at start; everything else reads the typed result.
 */
export class Config {
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  @IsString()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/latchkey';

  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  @Transform(toInt)
  @Min(0, { message: 'PORT must be between 0 and 65535' })
  @Max(65535, { message: 'PORT must be between 0 and 65535' })
  @IsInt({ message: 'PORT must be an integer' })
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** base64 of 32 random bytes; encrypts app signing keys at rest. */
  @Matches(/^[A-Za-z0-9+/]{43}=$/, {
    message: 'MASTER_KEY is required: base64 of exactly 32 random bytes (openssl rand -base64 32)',
  })
  MASTER_KEY: string = undefined as unknown as string;

  /** MASTER_KEY's 32 bytes, the key that seals signing keys, webhook secrets and file keys. */
  get masterKey(): Buffer {
    return Buffer.from(this.MASTER_KEY, 'base64');
  }

  /** Every hash this server makes has at most BCRYPT_COST_MAX (common/password-hasher.ts relies on it). */
  @Transform(toInt)
  @Min(4, { message: 'BCRYPT_COST must be between 4 and 15' })
  @Max(BCRYPT_COST_MAX, { message: 'BCRYPT_COST must be between 4 and 15' })
  @IsInt({ message: 'BCRYPT_COST must be an integer' })
  BCRYPT_COST = 10;

  @Transform(toBool)
  @IsBoolean({ message: 'SIGNUP_ENABLED must be true or false' })
  SIGNUP_ENABLED = true;

  @Transform(toBool)
  @IsBoolean({ message: 'TRUST_PROXY must be true or false' })
  TRUST_PROXY = false;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  /**
   * `pretty`: one readable line per entry, for a person at a terminal; `json`:
   * one JSON object per line, for a log collector; `auto` (the default):
   * pretty when standard output is a terminal, JSON otherwise.
   */
  @IsIn(['auto', 'json', 'pretty'], { message: 'LOG_FORMAT must be auto, json or pretty' })
  LOG_FORMAT: 'auto' | 'json' | 'pretty' = 'auto';

  /** Where the built dashboard is served from; empty disables it. */
  @IsString()
  DASHBOARD_DIR = '';

  /** Login access tokens live this long. */
  @Transform(toInt)
  @Min(60, { message: 'ACCESS_TOKEN_TTL_SECONDS must be at least 60' })
  @IsInt({ message: 'ACCESS_TOKEN_TTL_SECONDS must be an integer' })
  ACCESS_TOKEN_TTL_SECONDS = 12 * 3600;

  /**
   * How long after a sign-in its login token may change how the account signs
   * in (passkeys, two-factor, recovery codes, personal tokens, the password):
   * later, the owner signs in again (docs/security.md, "Step-up").
   */
  @Transform(toInt)
  @Min(30, { message: 'RECENT_SIGN_IN_SECONDS must be between 30 and 86400' })
  @Max(86_400, { message: 'RECENT_SIGN_IN_SECONDS must be between 30 and 86400' })
  @IsInt({ message: 'RECENT_SIGN_IN_SECONDS must be an integer' })
  RECENT_SIGN_IN_SECONDS = 300;

  /** Audit log entries older than this are pruned by the worker; 0 keeps them forever. */
  @Transform(toInt)
  @Min(0, { message: 'AUDIT_RETENTION_DAYS must be between 0 and 36500' })
  @Max(36_500, { message: 'AUDIT_RETENTION_DAYS must be between 0 and 36500' })
  @IsInt({ message: 'AUDIT_RETENTION_DAYS must be an integer' })
  AUDIT_RETENTION_DAYS = 90;

  /**
   * Attempts per client (IPv4 address or IPv6 /64) per window at each of admin login, signup and password change
   * (that one also per account), against password guessing; 0 = off.
   */
  @Transform(toInt)
  @Min(0, { message: 'ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE must be between 0 and 100000' })
  @Max(100_000, { message: 'ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE must be between 0 and 100000' })
  @IsInt({ message: 'ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE must be an integer' })
  ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE = 10;

  /** Resellers one account may create per window (all its apps together), so nobody makes accounts in bulk; 0 = off. */
  @Transform(toInt)
  @Min(0, { message: 'RESELLER_CREATE_RATE_LIMIT_PER_MINUTE must be between 0 and 100000' })
  @Max(100_000, { message: 'RESELLER_CREATE_RATE_LIMIT_PER_MINUTE must be between 0 and 100000' })
  @IsInt({ message: 'RESELLER_CREATE_RATE_LIMIT_PER_MINUTE must be an integer' })
  RESELLER_CREATE_RATE_LIMIT_PER_MINUTE = 10;

  /** The window of every rate limit (apps' rateLimitPerMinute, admin login). Shorten only for tests. */
  @Transform(toInt)
  @Min(1, { message: 'RATE_LIMIT_WINDOW_SECONDS must be between 1 and 3600' })
  @Max(3600, { message: 'RATE_LIMIT_WINDOW_SECONDS must be between 1 and 3600' })
  @IsInt({ message: 'RATE_LIMIT_WINDOW_SECONDS must be an integer' })
  RATE_LIMIT_WINDOW_SECONDS = 60;

  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be development, production or test' })
  NODE_ENV = 'development';

  /**
   * Namespace of the BullMQ keys, so several deployments (or test runs) can share one Redis.
   * Braces allow a Redis Cluster hash tag (`{latchkey}`): all of a queue's keys on one slot.
   */
  @Matches(/^[A-Za-z0-9_.{}-]{1,64}$/, { message: 'QUEUE_PREFIX must be 1-64 of A-Z a-z 0-9 _ . - { }' })
  @IsString()
  QUEUE_PREFIX = 'latchkey';

  /** Lets webhook URLs reach loopback and private networks: for development and tests only. */
  @Transform(toBool)
  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE_URLS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_URLS = false;

  /**
   * Milliseconds to wait before each retry of a failed webhook delivery; a
   * delivery gets one attempt more than there are delays. Default: the
   * contract's schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
   */
  @Transform(toIntList)
  @Max(7 * 24 * 3_600_000, { each: true, message: 'WEBHOOK_RETRY_DELAYS entries must be at most 604800000 (7 days)' })
  @IsArray({ message: 'WEBHOOK_RETRY_DELAYS must be a comma-separated list of milliseconds, e.g. 5000,300000' })
  WEBHOOK_RETRY_DELAYS: number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

  /** Deliveries one worker process sends at the same time. */
  @Transform(toInt)
  @Min(1, { message: 'WEBHOOK_CONCURRENCY must be between 1 and 1000' })
  @Max(1000, { message: 'WEBHOOK_CONCURRENCY must be between 1 and 1000' })
  @IsInt({ message: 'WEBHOOK_CONCURRENCY must be an integer' })
  WEBHOOK_CONCURRENCY = 10;

  /**
   * How often the worker re-queues deliveries that are overdue with no job
   * (lost to a crash between commit and queueing, or to a Redis restart).
   */
  @Transform(toInt)
  @Min(100, { message: 'WEBHOOK_SWEEP_INTERVAL_MS must be at least 100' })
  @IsInt({ message: 'WEBHOOK_SWEEP_INTERVAL_MS must be an integer' })
  WEBHOOK_SWEEP_INTERVAL_MS = 30_000;

  /** Records one transaction of a bulk job changes (and commits its progress with). */
  @Transform(toInt)
  @Min(1, { message: 'BULK_JOB_BATCH_SIZE must be between 1 and 10000' })
  @Max(10_000, { message: 'BULK_JOB_BATCH_SIZE must be between 1 and 10000' })
  @IsInt({ message: 'BULK_JOB_BATCH_SIZE must be an integer' })
  BULK_JOB_BATCH_SIZE = 1000;

  /**
   * How long a running bulk job's lock lasts without renewal: a worker that
   * dies mid-job holds it that long before another worker resumes the job.
   * Shorten only for tests.
   */
  @Transform(toInt)
  @Min(1000, { message: 'BULK_JOB_LOCK_MS must be at least 1000' })
  @IsInt({ message: 'BULK_JOB_LOCK_MS must be an integer' })
  BULK_JOB_LOCK_MS = 30_000;

  /**
   * How long one delivery attempt may take: connecting, the response headers
   * and the first 2 KiB of the body (the interface's 10 s). Shorten only for tests.
   */
  @Transform(toInt)
  @Min(100, { message: 'WEBHOOK_DELIVERY_TIMEOUT_MS must be between 100 and 600000' })
  @Max(600_000, { message: 'WEBHOOK_DELIVERY_TIMEOUT_MS must be between 100 and 600000' })
  @IsInt({ message: 'WEBHOOK_DELIVERY_TIMEOUT_MS must be an integer' })
  WEBHOOK_DELIVERY_TIMEOUT_MS = 10_000;

  /** Where deliveries to Discord webhook URLs are sent; tests point it at a local receiver. */
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, {
    message: 'DISCORD_API_ORIGIN must be an http(s) origin such as https://discord.com',
  })
  @IsString()
  DISCORD_API_ORIGIN = 'https://discord.com';

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
  @Transform(toInt)
  @Min(1, { message: 'FILE_MAX_BYTES must be between 1 and 1099511627776 (1 TiB)' })
  @Max(2 ** 40, { message: 'FILE_MAX_BYTES must be between 1 and 1099511627776 (1 TiB)' })
  @IsInt({ message: 'FILE_MAX_BYTES must be an integer' })
  FILE_MAX_BYTES = 100 * 1024 * 1024;

  /**
   * Memory each API process gives to the verified plaintext of recently
   * downloaded files, so a popular file is read from the store and opened once
   * rather than per download; one file takes at most a quarter, and files
   * being read in may take as much again. 0 turns it off (no plaintext kept
   * past a download). Default 128 MiB.
   */
  @Transform(toInt)
  @Min(0, { message: 'FILE_CACHE_BYTES must be between 0 and 1099511627776 (1 TiB)' })
  @Max(2 ** 40, { message: 'FILE_CACHE_BYTES must be between 0 and 1099511627776 (1 TiB)' })
  @IsInt({ message: 'FILE_CACHE_BYTES must be an integer' })
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
  @Transform(toInt)
  @Min(0, { message: 'FILE_DISK_CACHE_BYTES must be between 0 and 17592186044416 (16 TiB)' })
  @Max(2 ** 44, { message: 'FILE_DISK_CACHE_BYTES must be between 0 and 17592186044416 (16 TiB)' })
  @IsInt({ message: 'FILE_DISK_CACHE_BYTES must be an integer' })
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

  /** Lifetime of a download link (the contract's 60 s); change it only in tests. */
  @Transform(toInt)
  @Min(1, { message: 'FILE_LINK_TTL_SECONDS must be between 1 and 3600' })
  @Max(3600, { message: 'FILE_LINK_TTL_SECONDS must be between 1 and 3600' })
  @IsInt({ message: 'FILE_LINK_TTL_SECONDS must be an integer' })
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
  @Transform(toInt)
  @Min(1, { message: 'DATABASE_POOL_SIZE must be between 1 and 500' })
  @Max(500, { message: 'DATABASE_POOL_SIZE must be between 1 and 500' })
  @IsInt({ message: 'DATABASE_POOL_SIZE must be an integer' })
  DATABASE_POOL_SIZE = 10;

  /**
   * The worker's own HTTP port for its probes (`/health`: PostgreSQL and Redis
   * answer; `/health/live`) and Prometheus (`/metrics`), since it serves no
   * traffic; 0 (the default) opens none.
   */
  @Transform(toInt)
  @Min(0, { message: 'WORKER_HEALTH_PORT must be between 0 and 65535' })
  @Max(65535, { message: 'WORKER_HEALTH_PORT must be between 0 and 65535' })
  @IsInt({ message: 'WORKER_HEALTH_PORT must be an integer' })
  WORKER_HEALTH_PORT = 0;

  /**
   * The API's Prometheus port: `GET /metrics` on a listener of its own, never
   * the public PORT; 0 (the default) opens none. With API_PROCESSES > 1 the
   * cluster's primary answers for all its processes. The worker's metrics are
   * on WORKER_HEALTH_PORT.
   */
  @Transform(toInt)
  @Min(0, { message: 'METRICS_PORT must be between 0 and 65535' })
  @Max(65535, { message: 'METRICS_PORT must be between 0 and 65535' })
  @IsInt({ message: 'METRICS_PORT must be an integer' })
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
