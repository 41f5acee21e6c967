import { AdminMessage, ClientMessage } from '@latchkey/contracts';

/**
 * Every error the service answers with deliberately, by code. One table maps a
 * code to its HTTP status and the contract's message, so no code path invents
 * its own wording.
 */
const ERROR_TABLE = {
  VALIDATION: [400, AdminMessage.validation],
  UNKNOWN_TYPE: [400, ClientMessage.unknownType],
  INVALID_APP_CREDENTIALS: [401, ClientMessage.invalidCredentials],
  APP_DISABLED: [403, ClientMessage.appDisabled],
  ACCESS_DENIED: [403, ClientMessage.accessDenied],
  INVALID_USER_LOGIN: [401, ClientMessage.invalidLogin],
  LICENSE_NOT_FOUND: [404, ClientMessage.licenseNotFound],
  LICENSE_BANNED: [403, ClientMessage.licenseBanned],
  LICENSE_EXPIRED: [403, ClientMessage.licenseExpired],
  LICENSE_USED: [409, ClientMessage.licenseUsed],
  USERNAME_TAKEN: [409, ClientMessage.usernameTaken],
  USER_BANNED: [403, ClientMessage.userBanned],
  HWID_MISMATCH: [403, ClientMessage.hwidMismatch],
  INVALID_SESSION: [401, ClientMessage.invalidSession],
  VARIABLE_NOT_FOUND: [404, ClientMessage.variableNotFound],
  FILE_NOT_FOUND: [404, ClientMessage.fileNotFound],
  INSUFFICIENT_LEVEL: [403, ClientMessage.insufficientLevel],
  TOO_MANY_REQUESTS: [429, ClientMessage.tooManyRequests],

  UNAUTHORIZED: [401, AdminMessage.unauthorized],
  INVALID_ADMIN_LOGIN: [401, AdminMessage.invalidLogin],
  WRONG_CURRENT_PASSWORD: [401, AdminMessage.wrongCurrentPassword],
  FORBIDDEN: [403, AdminMessage.forbidden],
  NOT_FOR_RESELLER: [403, AdminMessage.notForReseller],
  NOT_FOR_THIS_RESELLER: [403, AdminMessage.notAllowedForThisReseller],
  ONLY_UNUSED_KEYS: [403, AdminMessage.onlyUnusedKeys],
  INSUFFICIENT_CREDITS: [402, AdminMessage.insufficientCredits],
  NEGATIVE_BALANCE: [400, AdminMessage.negativeBalance],
  BALANCE_TOO_HIGH: [400, AdminMessage.balanceTooHigh],
  SIGNUP_DISABLED: [403, AdminMessage.signupDisabled],
  NOT_FOUND: [404, AdminMessage.notFound],
  EMAIL_TAKEN: [409, AdminMessage.emailTaken],
  CONFLICT: [409, 'Conflict'],
  PAYLOAD_TOO_LARGE: [413, 'Request body is too large'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Content-Type must be application/json'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** What an error may carry besides its code and message. */
export interface AppErrorDetails {
  /** every problem found, for the admin error body */
  errors?: string[];
  /** sent as `Retry-After` (429) */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly status: number;
  readonly errors?: string[];
  readonly retryAfterSeconds?: number;

  /** @param message overrides the table's message, e.g. a validation message naming the field */
  constructor(
    readonly code: ErrorCode,
    message?: string,
    { errors, retryAfterSeconds }: AppErrorDetails = {},
  ) {
    const [status, defaultMessage] = ERROR_TABLE[code];
    super(message ?? defaultMessage);
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A 400 whose message names the first problem and whose `errors` lists them all. */
export function validationError(problems: string[]): AppError {
  return new AppError('VALIDATION', problems[0] ?? AdminMessage.validation, { errors: problems });
}
