// The admin API `/v1/admin` (spec/contract.md section 2): shapes shared by the
// API, the dashboard and the SDK.

export interface AdminSuccess<T> {
  success: true;
  data: T;
}
export interface PageMeta {
  page: number;
  limit: number;
  total: number;
}
export interface AdminList<T> {
  success: true;
  data: T[];
  meta: PageMeta;
}
export interface AdminError {
  success: false;
  message: string;
  errors?: string[];
}

export const PAGE_DEFAULT_LIMIT = 25;
export const PAGE_MAX_LIMIT = 100;

export type AccountRole = 'owner' | 'reseller';

export interface Account {
  id: string;
  email: string;
  role: AccountRole;
}

export interface SignupRequest {
  email: string;
  password: string;
}
export interface SignupResult {
  account: Account;
  accessToken: string;
}
export type AdminLoginRequest = SignupRequest;
export interface AdminLoginResult {
  accessToken: string;
  tokenType: 'Bearer';
  /** seconds */
  expiresIn: number;
  account: Account;
}

export interface ResellerAppCredit {
  appId: string;
  name: string;
  credits: number;
}
export interface MeResult {
  account: Account;
  apps?: ResellerAppCredit[];
}

export interface PersonalAccessToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface CreatedPersonalAccessToken extends PersonalAccessToken {
  /** Shown only in the creation response. */
  token: string;
}

export interface App {
  appId: string;
  name: string;
  version: string;
  updateUrl: string | null;
  enabled: boolean;
  hwidLock: boolean;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  rateLimitPerMinute: number;
  /** base64 of the raw 32-byte Ed25519 public key */
  publicKey: string;
  createdAt: string;
}
export interface CreatedApp extends App {
  /** Shown only at creation and rotation. */
  apiKey: string;
}
export interface CreateAppRequest {
  name: string;
  version?: string;
  updateUrl?: string | null;
}
export interface UpdateAppRequest {
  name?: string;
  version?: string;
  updateUrl?: string | null;
  enabled?: boolean;
  hwidLock?: boolean;
  sessionTtlSeconds?: number;
  sessionIdleSeconds?: number;
  rateLimitPerMinute?: number;
}

export const AppDefaults = {
  version: '1.0.0',
  sessionTtlSeconds: 86400,
  sessionIdleSeconds: 1800,
  rateLimitPerMinute: 60,
} as const;

export const AdminMessage = {
  invalidLogin: 'Invalid email or password',
  unauthorized: 'Missing or invalid access token',
  forbidden: 'Not allowed for this account',
  notFound: 'Not found',
  emailTaken: 'Email already registered',
  signupDisabled: 'Sign-up is disabled',
  insufficientCredits: 'Insufficient credits',
  negativeBalance: 'Credit balance cannot go below zero',
  tooManyRequests: 'Too many requests',
  validation: 'Validation failed',
} as const;
