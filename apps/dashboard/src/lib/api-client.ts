// One way to call the admin API: relative URLs (the dashboard is served by the
// API itself, and `vite dev` proxies /v1), the bearer token on every
// authenticated call, and every failure turned into an ApiError carrying the
// contract's `{ success: false, message, code, errors?, fields? }`.
import type { AdminError, ErrorCode, FieldError } from '@latchkey/contracts';
import { clearToken, getToken } from './auth-token';
import { requestRecentSignIn } from './recent-sign-in';

/** What an admin error body says besides its message. */
export interface ApiErrorDetails {
  /** the body's code; null when the answer was not an admin error body (no server, a proxy's page) */
  code?: ErrorCode | null;
  errors?: string[];
  /** the refused fields (VALIDATION) */
  fields?: FieldError[];
}

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly errors: string[];
  readonly fields: FieldError[];

  constructor(status: number, message: string, { code = null, errors = [], fields = [] }: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.fields = fields;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored bearer token (default). Sign-in and sign-up do not. */
  auth?: boolean;
  /**
   * On a 401 to an authenticated call, forget the token and mark the session as
   * expired (default), which sends the user back to sign-in.
   */
  expireOnUnauthorized?: boolean;
  /**
   * A 401 that says nothing about the session (a wrong current password):
   * keep the token and only report the error.
   */
  keepSessionOnUnauthorized?: boolean;
  /** The bearer token to send instead of the stored one (revoking the token a new sign-in replaced). */
  token?: string;
  /**
   * On 403 `Sign in again to continue`, ask the user to sign in again and
   * send the request once more (default). The retry itself does not ask again.
   */
  askToSignInAgain?: boolean;
  signal?: AbortSignal;
}

/** A parsed body shaped like an admin error: `success: false` and a message; its other parts are checked one by one. */
function isErrorBody(
  value: unknown,
): value is Pick<AdminError, 'message'> & Record<'code' | 'errors' | 'fields', unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function isFieldError(value: unknown): value is FieldError {
  const { field, message } = (value ?? {}) as Partial<Record<keyof FieldError, unknown>>;
  return typeof field === 'string' && typeof message === 'string';
}

/** An admin error body's message and details, keeping only well-formed parts; null when `payload` is not one. */
export function readAdminError(payload: unknown): (Required<ApiErrorDetails> & { message: string }) | null {
  if (!isErrorBody(payload)) return null;
  const { message, code, errors, fields } = payload;
  return {
    message,
    code: typeof code === 'string' ? (code as ErrorCode) : null,
    errors: Array.isArray(errors) ? errors.filter((error): error is string => typeof error === 'string') : [],
    fields: Array.isArray(fields) ? fields.filter(isFieldError) : [],
  };
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The admin API path of the app `appId` followed by `segments` (`'users', userId, 'ban'`), each one encoded. */
export function appPath(appId: string, ...segments: string[]): string {
  return ['/v1/admin/apps', ...[appId, ...segments].map(encodeURIComponent)].join('/');
}

/** `?a=1&b=x` from the values that are set (not undefined, null or ''); '' when none are. */
export function toQueryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

async function send(path: string, options: ApiRequestOptions, accept: string): Promise<Response> {
  const {
    method = 'GET',
    body,
    auth = true,
    expireOnUnauthorized = true,
    keepSessionOnUnauthorized,
    signal,
    askToSignInAgain = true,
  } = options;

  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = options.token ?? getToken();
    if (token === null) throw new ApiError(401, 'You are not signed in.');
    headers.Authorization = `Bearer ${token}`;
  }

  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  if (res.status === 401 && auth && !keepSessionOnUnauthorized) {
    clearToken({ expired: expireOnUnauthorized });
  }
  if (!res.ok) {
    const body = readAdminError(await readJson(res));
    if (body?.code === 'RECENT_SIGN_IN_REQUIRED' && auth && askToSignInAgain && options.token === undefined) {
      if (await requestRecentSignIn()) return send(path, { ...options, askToSignInAgain: false }, accept);
    }
    throw new ApiError(
      res.status,
      withRetryAfter(body?.message ?? `Request failed (HTTP ${res.status}).`, res),
      body ?? {},
    );
  }
  return res;
}

/** A rate-limited answer (429) also says when to try again: its `Retry-After`, in seconds. */
function withRetryAfter(message: string, res: Response): string {
  const seconds = Number(res.headers.get('retry-after'));
  if (res.status !== 429 || !Number.isInteger(seconds) || seconds <= 0) return message;
  return `${message.replace(/\.$/, '')}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** Performs the request and returns the parsed success body (the whole envelope). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const res = await send(path, options, 'application/json');
  const payload = await readJson(res);
  const error = readAdminError(payload);
  if (error) throw new ApiError(res.status, error.message, error);
  return payload as T;
}

/** Performs the request and returns the body as it arrives (streamed downloads such as the CSV export). */
export async function apiStream(path: string, options: ApiRequestOptions = {}): Promise<ReadableStream<Uint8Array>> {
  const res = await send(path, options, '*/*');
  if (!res.body) throw new ApiError(res.status, 'The server sent no file.');
  return res.body;
}
