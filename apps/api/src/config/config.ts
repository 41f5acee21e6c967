import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, Min, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

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

  @Transform(toInt)
  @Min(4, { message: 'BCRYPT_COST must be between 4 and 15' })
  @Max(15, { message: 'BCRYPT_COST must be between 4 and 15' })
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

  /** Where the built dashboard is served from; empty disables it. */
  @IsString()
  DASHBOARD_DIR = '';

  /** Login access tokens live this long. */
  @Transform(toInt)
  @Min(60, { message: 'ACCESS_TOKEN_TTL_SECONDS must be at least 60' })
  @IsInt({ message: 'ACCESS_TOKEN_TTL_SECONDS must be an integer' })
  ACCESS_TOKEN_TTL_SECONDS = 12 * 3600;

  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be development, production or test' })
  NODE_ENV = 'development';
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
