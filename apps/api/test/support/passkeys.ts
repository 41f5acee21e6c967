import { http } from './http.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

/** The page passkey ceremonies run on in the API specs: its host is the relying party (RP ID). */
export const PASSKEY_ORIGIN = 'https://lk.example.test';

/** Headers of a browser's request from PASSKEY_ORIGIN. */
export const FROM_ORIGIN = { origin: PASSKEY_ORIGIN };

export function newAuthenticator(): SoftwareAuthenticator {
  return new SoftwareAuthenticator(PASSKEY_ORIGIN);
}

/** Registers a new passkey of `authenticator` (as `credentialId` when given) to the account of `token`; its id. */
export async function registerPasskey(
  token: string,
  authenticator: SoftwareAuthenticator,
  name = 'Laptop',
  credentialId?: Buffer,
) {
  const options = await http('POST', '/v1/admin/auth/passkeys/registration-options', { token, headers: FROM_ORIGIN });
  if (options.status !== 200)
    throw new Error(`registration-options: ${options.status} ${JSON.stringify(options.body)}`);
  const response = authenticator.register(options.body.data, credentialId);
  const res = await http('POST', '/v1/admin/auth/passkeys', { token, headers: FROM_ORIGIN, body: { name, response } });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

/** A passwordless sign-in's options: `{ options, passkeyChallengeId }`. */
export async function passwordlessOptions() {
  const res = await http('POST', '/v1/admin/auth/passkeys/authentication-options', { headers: FROM_ORIGIN, body: {} });
  if (res.status !== 200) throw new Error(`authentication-options: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { options: { challenge: string; rpId: string }; passkeyChallengeId: string };
}

/** A passwordless sign-in's body, answered by `authenticator`. */
export async function passwordlessSignInBody(authenticator: SoftwareAuthenticator) {
  const { options, passkeyChallengeId } = await passwordlessOptions();
  return { passkeyChallengeId, response: authenticator.authenticate(options) };
}

export function authenticate(body: unknown) {
  return http('POST', '/v1/admin/auth/passkeys/authenticate', { headers: FROM_ORIGIN, body });
}
