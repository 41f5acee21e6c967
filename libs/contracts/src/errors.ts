// Every error the service answers with, by a stable machine-readable code.
import { AdminMessage } from './admin.js';
import { ClientMessage } from './client.js';
import { TwoFactorMessage } from './two-factor.js';

/**
 * Each code's HTTP status and the contract's message. Admin error bodies carry
 * the code as `code` (the message may be more precise than the table's, e.g. a
 * validation message naming the field); `POST /v1` answers keep their
 * envelope without it, so its codes only pick the status and message there.
 * A code, once published, keeps its meaning: clients match on it.
 */
export const ERROR_TABLE = {
  /** a request field or parameter was refused: `fields` names each one */
  VALIDATION: [400, AdminMessage.validation],
  /** the body is not JSON, or nests deeper than the API reads */
  MALFORMED_BODY: [400, 'Malformed JSON body'],
  MALFORMED_URL: [400, 'Malformed URL'],
  /** a refusal of the HTTP layer with no more precise code */
  BAD_REQUEST: [400, 'Bad request'],
  /** a passkey request from an origin outside WEBAUTHN_ORIGINS, or without one when none is configured */
  PASSKEY_ORIGIN: [400, 'Origin not allowed for passkeys'],
  /** a registration response that does not verify against its challenge and origin */
  PASSKEY_REGISTRATION_FAILED: [400, 'Passkey registration could not be verified'],
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
  /** a new user variable for a user who holds the most it may */
  USER_VARIABLE_LIMIT: [409, ClientMessage.userVariableLimit],

  UNAUTHORIZED: [401, AdminMessage.unauthorized],
  INVALID_ADMIN_LOGIN: [401, AdminMessage.invalidLogin],
  WRONG_CURRENT_PASSWORD: [401, AdminMessage.wrongCurrentPassword],
  /** a passkey ceremony whose challenge is unknown, expired or used already */
  PASSKEY_CHALLENGE_EXPIRED: [401, 'Passkey challenge expired or already used'],
  /** an assertion that does not verify, or by a passkey that is not (or no longer) the account's */
  PASSKEY_REFUSED: [401, 'Passkey not recognised'],
  FORBIDDEN: [403, AdminMessage.forbidden],
  NOT_FOR_RESELLER: [403, AdminMessage.notForReseller],
  NOT_FOR_THIS_RESELLER: [403, AdminMessage.notAllowedForThisReseller],
  /** a member of the app whose role is below the route's (CAPABILITIES) */
  ROLE_NOT_ALLOWED: [403, AdminMessage.roleNotAllowed],
  /** a change to how the account signs in whose login token is older than RECENT_SIGN_IN_SECONDS: sign in again */
  RECENT_SIGN_IN_REQUIRED: [403, AdminMessage.recentSignInRequired],
  /** a change to how the account signs in made with a personal access token: it takes a sign-in */
  PERSONAL_TOKEN_NOT_ALLOWED: [403, AdminMessage.personalTokenNotAllowed],
  /** an invitation that expired, was used or was revoked */
  INVITATION_GONE: [410, AdminMessage.invitationGone],
  /** an invitation accepted by the app's owner or one of its members */
  ALREADY_MEMBER: [409, AdminMessage.alreadyMember],
  ONLY_UNUSED_KEYS: [403, AdminMessage.onlyUnusedKeys],
  INSUFFICIENT_CREDITS: [402, AdminMessage.insufficientCredits],
  NEGATIVE_BALANCE: [400, AdminMessage.negativeBalance],
  BALANCE_TOO_HIGH: [400, AdminMessage.balanceTooHigh],
  SIGNUP_DISABLED: [403, AdminMessage.signupDisabled],
  /** a wrong, used or replayed TOTP or recovery code */
  INVALID_SECOND_FACTOR_CODE: [401, TwoFactorMessage.invalidCode],
  /** a sign-in challenge unknown, expired, used, or out of attempts */
  SIGN_IN_CHALLENGE_EXPIRED: [401, TwoFactorMessage.challengeExpired],
  TOTP_ALREADY_ENABLED: [409, TwoFactorMessage.totpAlreadyEnabled],
  NO_PENDING_TOTP: [409, TwoFactorMessage.noPendingEnrolment],
  TOTP_NOT_ENABLED: [409, TwoFactorMessage.totpNotEnabled],
  NOT_FOUND: [404, AdminMessage.notFound],
  /** no route at this method and path */
  ROUTE_NOT_FOUND: [404, 'Route not found'],
  EMAIL_TAKEN: [409, AdminMessage.emailTaken],
  /** the authenticator's credential is registered already (to this account or another) */
  PASSKEY_TAKEN: [409, 'Passkey already registered'],
  /** an account holding PasskeyLimits.perAccountMax passkeys registering one more */
  PASSKEY_LIMIT: [409, 'Passkey limit reached'],
  /** a record with that key or value exists (a variable, a blacklist entry) */
  CONFLICT: [409, 'Conflict'],
  /** deleting a store connection that has orders */
  STORE_CONNECTION_HAS_ORDERS: [409, 'This connection has orders: disable it instead'],
  /** rotating the secret of a store whose secret the vendor pastes */
  STORE_SECRET_NOT_ROTATABLE: [400, 'Only a generic connection has a secret Latchkey makes: paste the store’s new one'],
  /** a second mapping of one store product on a connection */
  STORE_PRODUCT_TAKEN: [409, 'This store product is mapped already'],
  /** a store event whose signature is missing, wrong or too old */
  STORE_SIGNATURE_INVALID: [400, 'Invalid signature'],
  /** a signed store event Latchkey cannot read */
  STORE_EVENT_UNREADABLE: [400, 'The event could not be read'],
  /** a purchase of a store product with no mapping */
  STORE_PRODUCT_UNKNOWN: [422, 'No product mapping for this store product'],
  /** a purchase paid below the mapping's amount, or in another currency */
  STORE_AMOUNT_REFUSED: [422, 'The amount or currency does not match the product'],
  /** a renewal, refund or cancellation naming no known order */
  STORE_ORDER_UNKNOWN: [422, 'No order for this event'],
  /** a purchase whose quantity makes more keys than one order may */
  STORE_QUANTITY_REFUSED: [422, 'The order makes more keys than one order may'],
  /** resending an order's email on a service without SMTP_URL */
  MAIL_OFF: [409, 'Email is off: the service has no SMTP_URL'],
  /** resending the email of an order the store gave no buyer email for */
  ORDER_NO_BUYER_EMAIL: [409, 'The order has no buyer email'],
  /** resending an order's email while an attempt to send it is under way */
  ORDER_EMAIL_SENDING: [409, 'The order email is being sent'],
  PAYLOAD_TOO_LARGE: [413, 'Request body is too large'],
  URL_TOO_LONG: [414, 'URL is too long'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Content-Type must be application/json'],
  INTERNAL_ERROR: [500, 'Internal server error'],
  /** PostgreSQL or Redis cannot be reached: retry later */
  SERVICE_UNAVAILABLE: [503, 'Service unavailable'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export const ERROR_CODES = Object.keys(ERROR_TABLE) as ErrorCode[];

/** One refused request field: its path (`name`, `items[0].key`) and the message about it. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * An admin error body. `message` and `errors` are the contract's words;
 * `code` says which error it is (errors.ts) and, for VALIDATION, `fields`
 * names each refused field, so clients match on these and not on the words.
 */
export interface AdminError {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: string[];
  /** the refused fields and parameters, for VALIDATION (each also in `errors`) */
  fields?: FieldError[];
}
