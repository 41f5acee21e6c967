import { FileMessage } from '@latchkey/contracts';
import { IsOptional, ValidateBy } from 'class-validator';
import { parseClientPublicKey } from './e2e-cipher.js';

/**
 * `clientPublicKey` of the `file` client type: absent, or base64 of a raw
 * 32-byte X25519 public key (a body-shape check, so it runs before the app's
 * credentials, as the contract orders them).
 */
export function OptionalClientPublicKey() {
  return (target: object, key: string) => {
    IsOptional()(target, key);
    ValidateBy({
      name: 'isClientPublicKey',
      validator: {
        validate: (value: unknown) => parseClientPublicKey(value) !== null,
        defaultMessage: () => FileMessage.clientPublicKeyInvalid,
      },
    })(target, key);
  };
}
