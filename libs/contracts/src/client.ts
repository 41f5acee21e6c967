// The client endpoint `POST /v1`: request types, response envelope and the
// messages client software matches on (spec/contract.md section 1).

export const CLIENT_REQUEST_TYPES = [
  'init',
  'register',
  'login',
  'license',
  'upgrade',
  'check',
  'heartbeat',
  'logout',
  'var',
  'file',
  'log',
  'uservar',
  'setuservar',
  'deluservar',
  'uservars',
] as const;
export type ClientRequestType = (typeof CLIENT_REQUEST_TYPES)[number];

/** Messages of the contract's error table, word for word. */
export const ClientMessage = {
  appInitialized: 'App initialized',
  registered: 'Registered',
  loggedIn: 'Logged in',
  authenticated: 'Authenticated',
  upgraded: 'Upgraded',
  sessionValid: 'Session is valid',
  sessionAlive: 'Session alive',
  loggedOut: 'Logged out',
  variableRetrieved: 'Variable retrieved',
  downloadReady: 'Download ready',
  logged: 'Logged',
  userVariableRetrieved: 'User variable retrieved',
  userVariableSaved: 'User variable saved',
  userVariableDeleted: 'User variable deleted',
  userVariablesRetrieved: 'User variables retrieved',

  unknownType: 'Unknown request type',
  invalidCredentials: 'Invalid application credentials',
  appDisabled: 'Application is disabled',
  accessDenied: 'Access denied',
  invalidLogin: 'Invalid username or password',
  licenseNotFound: 'License key not found',
  licenseBanned: 'License is banned',
  licenseExpired: 'License has expired',
  licenseUsed: 'License key already used',
  usernameTaken: 'Username already taken',
  userBanned: 'User is banned',
  hwidMismatch: 'Hardware ID mismatch',
  invalidSession: 'Invalid or expired session',
  variableNotFound: 'Variable not found',
  fileNotFound: 'File not found',
  insufficientLevel: 'Insufficient level',
  tooManyRequests: 'Too many requests',
  /** setuservar of a new key when the user holds ClientLimits.userVariablesPerUser already */
  userVariableLimit: 'User variable limit reached',
} as const;

export interface ClientEnvelope<T = Record<string, unknown>> {
  success: boolean;
  message: string;
  data: T;
  /** the request's `nonce`, echoed inside the signed body; absent when the request had none */
  nonce?: string;
}

interface ClientBase {
  appId: string;
  apiKey: string;
}

export interface InitRequest extends ClientBase {
  type: 'init';
}
export interface RegisterRequest extends ClientBase {
  type: 'register';
  username: string;
  password: string;
  licenseKey: string;
  hwid?: string | null;
}
export interface LoginRequest extends ClientBase {
  type: 'login';
  username: string;
  password: string;
  hwid?: string | null;
}
export interface LicenseRequest extends ClientBase {
  type: 'license';
  licenseKey: string;
  hwid?: string | null;
}
export interface UpgradeRequest extends ClientBase {
  type: 'upgrade';
  username: string;
  password: string;
  licenseKey: string;
}
export interface SessionRequest extends ClientBase {
  type: 'check' | 'heartbeat' | 'logout';
  sessionToken: string;
}
export interface VarRequest extends ClientBase {
  type: 'var';
  sessionToken: string;
  key: string;
}
export interface FileRequest extends ClientBase {
  type: 'file';
  sessionToken: string;
  fileId: string;
  /** base64 of a raw 32-byte X25519 public key: the download is then encrypted to it */
  clientPublicKey?: string | null;
}
export interface LogRequest extends ClientBase {
  type: 'log';
  sessionToken: string;
  message: string;
}
/** A user's own variable: `uservar` reads it, `deluservar` deletes it. */
export interface UserVarRequest extends ClientBase {
  type: 'uservar' | 'deluservar';
  sessionToken: string;
  key: string;
}
/** Creates or replaces a variable of the session's user. */
export interface SetUserVarRequest extends ClientBase {
  type: 'setuservar';
  sessionToken: string;
  key: string;
  value: string;
}
/** Every variable of the session's user. */
export interface UserVarsRequest extends ClientBase {
  type: 'uservars';
  sessionToken: string;
}
export type ClientRequest =
  | InitRequest
  | RegisterRequest
  | LoginRequest
  | LicenseRequest
  | UpgradeRequest
  | SessionRequest
  | VarRequest
  | FileRequest
  | LogRequest
  | UserVarRequest
  | SetUserVarRequest
  | UserVarsRequest;

export interface InitData {
  name: string;
  version: string;
  updateUrl: string | null;
}

export interface ClientUser {
  userId: string;
  username: string;
  level: number;
  hwid: string | null;
  /** null = lifetime */
  expiresAt: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface SessionResult {
  sessionToken: string;
  expiresAt: string;
  user: ClientUser;
  /** offline ticket (compact JWS), when the app's offlineTicketSeconds is above 0 */
  ticket?: string;
}

export interface CheckData {
  user: ClientUser;
  expiresAt: string;
  /** offline ticket (compact JWS), when the app's offlineTicketSeconds is above 0 */
  ticket?: string;
}

/** Claims of an offline ticket (JWS header: `alg` EdDSA, `kid` = the app's keyId). */
export interface OfflineTicketClaims {
  /** appId */
  iss: string;
  /** userId */
  sub: string;
  /** session id */
  sid: string;
  /** the user's level */
  lvl: number;
  hwid: string | null;
  /** unix seconds */
  iat: number;
  /** unix seconds: the earlier of the user's expiry and iat + offlineTicketSeconds */
  exp: number;
}

export interface VarData {
  key: string;
  value: string;
}

/** `uservar` and `setuservar` answer the variable (the key and the value stored). */
export type UserVarData = VarData;

/** `uservars`: the user's variables by key. */
export interface UserVarsData {
  variables: UserVarData[];
}

/** Response signature headers on every `/v1` response (except unknown appId). */
export const SIGNATURE_HEADER = 'x-signature-ed25519';
export const SIGNATURE_TIMESTAMP_HEADER = 'x-signature-timestamp';

/** Field limits of the client types. */
export const ClientLimits = {
  /** the least length of every required text field of a client request */
  textMin: 1,
  appIdMax: 64,
  apiKeyMax: 256,
  licenseKeyMax: 64,
  sessionTokenMax: 128,
  varKeyMax: 64,
  /** the key of a variable, the app's and a user's own alike */
  variableKeyPattern: /^[A-Za-z0-9_.-]{1,64}$/,
  fileIdMax: 64,
  usernameMin: 3,
  usernameMax: 32,
  usernamePattern: /^[A-Za-z0-9_.-]{3,32}$/,
  passwordMin: 6,
  passwordMax: 128,
  hwidMax: 256,
  logMessageMax: 2000,
  /** a user variable's value, in characters (4 KiB of ASCII) */
  userVariableValueMax: 4096,
  /** the most variables one user holds */
  userVariablesPerUser: 50,
  /** the optional request `nonce`, echoed in the signed answer */
  noncePattern: /^[A-Za-z0-9_-]{8,64}$/,
  /** app setting offlineTicketSeconds: 0 (off) to 30 days */
  offlineTicketSecondsMax: 2_592_000,
} as const;

/** What `ClientLimits.usernamePattern` allows, in words. */
export const USERNAME_RULE = '3-32 characters of A-Z, a-z, 0-9, _ . -';
export const USERNAME_MESSAGE = `username must be ${USERNAME_RULE}`;
/** The refusal of a `nonce` outside ClientLimits.noncePattern. */
export const NONCE_MESSAGE = 'nonce must be 8-64 characters of A-Za-z0-9_-';
