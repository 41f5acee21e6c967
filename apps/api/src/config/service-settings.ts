import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsString, Matches, Max } from 'class-validator';
import { BooleanSetting, IntSetting, toIntList } from './setting-decorators.js';

/** The highest BCRYPT_COST allowed. */
export const BCRYPT_COST_MAX = 15;

/**
 * The service's settings of storage, HTTP, accounts, rate limits, webhooks
 * and jobs; Config adds passkeys, files and processes. Split in two only to
 * keep each file short: Config is the one type the code reads.
 */
export class ServiceSettings {
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  @IsString()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/latchkey';

  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  @IntSetting(0, 65535)
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
  @IntSetting(4, BCRYPT_COST_MAX)
  BCRYPT_COST = 10;

  @BooleanSetting()
  SIGNUP_ENABLED = true;

  @BooleanSetting()
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

  /**
   * Which client calls (`POST /v1`, KeyAuth's `/api/1.x/`) get a log line:
   * `failures` (the default), answers of 400 and above; `all`, every call.
   * Successes are counted by the metrics and authentications audited, and a
   * line per call is most of a busy log and a sixth of an `init`'s CPU.
   */
  @IsIn(['all', 'failures'], { message: 'LOG_CLIENT_CALLS must be all or failures' })
  LOG_CLIENT_CALLS: 'all' | 'failures' = 'failures';

  /** Where the built dashboard is served from; empty means the checkout's apps/dashboard/dist, if built. */
  @IsString()
  DASHBOARD_DIR = '';

  /** Login access tokens live this long. */
  @IntSetting(60)
  ACCESS_TOKEN_TTL_SECONDS = 12 * 3600;

  /**
   * How long after a sign-in its login token may change how the account signs
   * in (passkeys, two-factor, recovery codes, personal tokens, the password):
   * later, the owner signs in again (docs/security.md, "Step-up").
   */
  @IntSetting(30, 86_400)
  RECENT_SIGN_IN_SECONDS = 300;

  /** Audit log entries older than this are pruned by the worker; 0 keeps them forever. */
  @IntSetting(0, 36_500)
  AUDIT_RETENTION_DAYS = 90;

  /**
   * Attempts per client (IPv4 address or IPv6 /64) per window at each of admin login, signup and password change
   * (that one also per account), against password guessing; 0 = off.
   */
  @IntSetting(0, 100_000)
  ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE = 10;

  /** Resellers one account may create per window (all its apps together), so nobody makes accounts in bulk; 0 = off. */
  @IntSetting(0, 100_000)
  RESELLER_CREATE_RATE_LIMIT_PER_MINUTE = 10;

  /** KeyAuth seller API calls per seller key, and per client IP, per window; 0 = off. */
  @IntSetting(0, 100_000)
  KEYAUTH_SELLER_RATE_LIMIT_PER_MINUTE = 120;

  /** Store webhook deliveries (POST /store/webhooks/{connectionId}) per connection, and per client IP, per window; 0 = off. */
  @IntSetting(0, 100_000)
  STORE_WEBHOOK_RATE_LIMIT_PER_MINUTE = 600;

  /** The window of every rate limit (apps' rateLimitPerMinute, admin login). Shorten only for tests. */
  @IntSetting(1, 3600)
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
  @BooleanSetting()
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
  @IntSetting(1, 1000)
  WEBHOOK_CONCURRENCY = 10;

  /**
   * How often the worker re-queues deliveries that are overdue with no job
   * (lost to a crash between commit and queueing, or to a Redis restart).
   */
  @IntSetting(100)
  WEBHOOK_SWEEP_INTERVAL_MS = 30_000;

  /** Records one transaction of a bulk job changes (and commits its progress with). */
  @IntSetting(1, 10_000)
  BULK_JOB_BATCH_SIZE = 1000;

  /**
   * How long a running bulk job's lock lasts without renewal: a worker that
   * dies mid-job holds it that long before another worker resumes the job.
   * Shorten only for tests.
   */
  @IntSetting(1000)
  BULK_JOB_LOCK_MS = 30_000;

  /**
   * How long one delivery attempt may take: connecting, the response headers
   * and the first 2 KiB of the body (the interface's 10 s). Shorten only for tests.
   */
  @IntSetting(100, 600_000)
  WEBHOOK_DELIVERY_TIMEOUT_MS = 10_000;

  /** Where deliveries to Discord webhook URLs are sent; tests point it at a local receiver. */
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, {
    message: 'DISCORD_API_ORIGIN must be an http(s) origin such as https://discord.com',
  })
  @IsString()
  DISCORD_API_ORIGIN = 'https://discord.com';
}
