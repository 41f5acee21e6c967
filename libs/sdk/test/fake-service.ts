// A stand-in for the service in unit tests: a `fetch` that answers like
// POST /v1 would, signed with the vectors' key, so the client's checks can be
// exercised one by one. The real service is exercised by apps/api/test/sdk*.e2e-spec.ts.
import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));

export const signingKey = createPrivateKey({
  key: Buffer.from('302e020100300506032b657004220420' + vectors.signing.privateKeySeed, 'hex'),
  format: 'der',
  type: 'pkcs8',
});
export const PUBLIC_KEY: string = vectors.signing.publicKey;
export const APP_ID: string = vectors.ticket.claims.iss;
/** The fixed clock of the tests: the vectors' signing time. */
export const NOW_SECONDS = 1795300000;

export interface Answer {
  status?: number;
  success?: boolean;
  message?: string;
  data?: object;
  /** default: the request's nonce */
  nonce?: string | null;
  /** default: NOW_SECONDS */
  timestamp?: number;
  /** default: signed with the vectors' key */
  unsigned?: boolean;
  /** applied to the body after signing */
  tamper?: (body: string) => string;
}

export function signedResponse(body: string, status: number, timestamp: number, unsigned = false): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (!unsigned) {
    headers['x-signature-timestamp'] = String(timestamp);
    headers['x-signature-ed25519'] = sign(null, Buffer.from(timestamp + body), signingKey).toString('hex');
  }
  return new Response(body, { status, headers });
}

export interface FakeService {
  fetch: typeof fetch;
  /** request bodies received, parsed */
  requests: Array<Record<string, any>>;
}

/** A fetch whose POST /v1 answers come from `answer` (per request); other URLs go to `other`. */
export function fakeService(
  answer: (request: Record<string, any>) => Answer,
  other?: (url: string) => Response | Promise<Response>,
): FakeService {
  const requests: Array<Record<string, any>> = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (!url.endsWith('/v1')) {
      if (!other) throw new TypeError(`unexpected fetch of ${url}`);
      return other(url);
    }
    const request = JSON.parse(String(init?.body));
    requests.push(request);
    const a = answer(request);
    const nonce = a.nonce === undefined ? request.nonce : a.nonce;
    const envelope: Record<string, unknown> = {
      success: a.success ?? true,
      message: a.message ?? 'App initialized',
      data: a.data ?? {},
    };
    if (nonce !== null) envelope.nonce = nonce;
    const body = JSON.stringify(envelope);
    const response = signedResponse(body, a.status ?? 200, a.timestamp ?? NOW_SECONDS, a.unsigned);
    if (!a.tamper) return response;
    return new Response(a.tamper(body), { status: response.status, headers: response.headers });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}
