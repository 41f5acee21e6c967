/** Base URL of the API process started by global-setup. */
export const BASE_URL = process.env.LATCHKEY_TEST_URL!;

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface HttpOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as JSON, unless it is already a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Another API process than global-setup's (a spec's own stack). */
  baseUrl?: string;
}

/** One HTTP call to the API; the body is parsed as JSON when it is JSON (CSV and HTML stay text). */
export async function http<T = any>(method: string, path: string, options: HttpOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch((options.baseUrl ?? BASE_URL) + path, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (CSV, HTML): keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}
