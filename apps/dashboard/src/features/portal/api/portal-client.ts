// The customer portal's own client: `/v1/portal/{publicId}` with the
// customer's portal token (kept in this tab's sessionStorage, per portal),
// never the owner's admin token.
import {
  PORTAL_API_PATH,
  type PortalBranding,
  type PortalDownload,
  type PortalHwidResetState,
  type PortalOverview,
  type PortalSignInRequest,
  type PortalSignInResult,
} from '@latchkey/contracts';
import { ApiError, readAdminError } from '@/lib/api-client';

const storageKey = (publicId: string) => `latchkey.portal.${publicId}`;

export function portalToken(publicId: string): string | null {
  return sessionStorage.getItem(storageKey(publicId));
}

export function setPortalToken(publicId: string, token: string | null): void {
  if (token) sessionStorage.setItem(storageKey(publicId), token);
  else sessionStorage.removeItem(storageKey(publicId));
}

async function portalRequest<T>(
  publicId: string,
  path: string,
  { method = 'GET', body, auth = true }: { method?: 'GET' | 'POST'; body?: unknown; auth?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = auth ? portalToken(publicId) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${PORTAL_API_PATH}/${encodeURIComponent(publicId)}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The service could not be reached. Check your connection and try again.');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = readAdminError(payload);
    if (response.status === 401 && auth) setPortalToken(publicId, null);
    throw new ApiError(response.status, error?.message ?? `Request failed (${response.status})`, error ?? {});
  }
  return (payload as { data: T }).data;
}

export const portalApi = {
  branding: (publicId: string) => portalRequest<PortalBranding>(publicId, '', { auth: false }),
  signIn: (publicId: string, body: PortalSignInRequest) =>
    portalRequest<PortalSignInResult>(publicId, '/sign-in', { method: 'POST', body, auth: false }),
  requestCode: (publicId: string, email: string) =>
    portalRequest<{ message: string }>(publicId, '/email-code', { method: 'POST', body: { email }, auth: false }),
  me: (publicId: string) => portalRequest<PortalOverview>(publicId, '/me'),
  signOut: (publicId: string) => portalRequest<object>(publicId, '/sign-out', { method: 'POST' }),
  resetHwid: (publicId: string, userId: string) =>
    portalRequest<PortalHwidResetState>(publicId, `/users/${encodeURIComponent(userId)}/reset-hwid`, {
      method: 'POST',
    }),
  downloadLink: (publicId: string, fileId: string, userId: string) =>
    portalRequest<PortalDownload>(publicId, `/files/${encodeURIComponent(fileId)}/link`, {
      method: 'POST',
      body: { userId },
    }),
};
