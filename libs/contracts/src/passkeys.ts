// Passkeys (WebAuthn) of an admin account (issue 28). The WebAuthn options and
// responses are the JSON shapes of @simplewebauthn (PublicKeyCredential*JSON),
// passed through unchanged; they are typed `unknown` here so the contract
// does not depend on that library.

/** Limits of the passkey fields as the API validates them; the dashboard checks them before sending. */
export const PasskeyLimits = {
  nameMin: 1,
  nameMax: 64,
  /** credential ids are at most 1023 bytes (WebAuthn): 1364 characters of base64url */
  credentialIdMax: 1364,
  /** passkeys one account may hold */
  perAccountMax: 20,
  /** a WebAuthn challenge (registration or sign-in) dies after this */
  challengeSeconds: 300,
} as const;

/** One passkey of the account (GET /v1/admin/auth/passkeys); never its key or credential id. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

// RegisterPasskeyRequest, RenamePasskeyRequest, PasskeyAuthenticationOptionsRequest and
// PasskeyAuthenticateRequest are request shapes: shapes/passkeys.ts.

export interface PasskeyAuthenticationOptions {
  /** PublicKeyCredentialRequestOptionsJSON, for the browser's startAuthentication */
  options: unknown;
  /** passwordless only: send it back with the response */
  passkeyChallengeId?: string;
}
