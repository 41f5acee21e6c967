import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A passkey authenticator in Node, for the API's e2e specs: it answers
 * registration and authentication options as a browser with a platform
 * authenticator would (WebAuthn Level 3, §6.1 authenticator data, §6.5.4 a
 * "none" attestation, ES256 keys in COSE form), so the API's checks run on
 * real signatures. The browser tests use Chromium's virtual authenticator.
 */

/** The options of registration-options as the API answers them (PublicKeyCredentialCreationOptionsJSON). */
export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: Array<{ id: string }>;
}

/** The options of authentication-options (PublicKeyCredentialRequestOptionsJSON). */
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

export interface StoredCredential {
  id: string;
  rpId: string;
  /** base64url of the user handle the account registered it with */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** The authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  /** @param origin the page the ceremonies run on, e.g. http://localhost:3000 (its host is the RP ID by default) */
  constructor(readonly origin: string) {}

  /**
   * navigator.credentials.create: a new ES256 credential for the options'
   * relying party and user (`credentialId` for a test that needs a given one).
   */
  register(options: CreationOptions, credentialId: Buffer = randomBytes(16)) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((descriptor) => descriptor.id));
    if (this.credentials.some((credential) => excluded.has(credential.id))) {
      throw new Error('InvalidStateError: this authenticator holds an excluded credential');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(rpId, UP | UV | AT, 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      Buffer.from(cosePublicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = credentialId.toString('base64url');
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get: an assertion by `credential` (default: the
   * first one the options allow, or for a discoverable request the first one
   * of the relying party), its counter moved forward.
   */
  authenticate(options: RequestOptions, credential?: StoredCredential) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((descriptor) => descriptor.id));
    const chosen =
      credential ??
      this.credentials.find((stored) => stored.rpId === rpId && (allowed.size === 0 || allowed.has(stored.id)));
    if (!chosen) throw new Error('NotAllowedError: no credential for these options');
    chosen.counter += 1;
    const authData = this.authDataHead(rpId, UP | UV, chosen.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      chosen.privateKey,
    );
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: chosen.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The RP ID hash, the flags and the signature counter. */
  private authDataHead(rpId: string, flags: number, counter: number): Buffer {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString(
      'base64url',
    );
  }
}
