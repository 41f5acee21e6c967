import { ClientLimits } from '@latchkey/contracts';
import { IsDefined, IsOptional, IsString, Length, Matches } from 'class-validator';

/**
 * A string field of a client body. Checks run in this order (class-validator
 * runs constraints in registration order) so the message names the first
 * real problem: `X is required`, `X must be a string`, then the length.
 */
export function ClientString(field: string, min: number, max: number, pattern?: { regex: RegExp; message: string }) {
  return (target: object, key: string) => {
    IsDefined({ message: `${field} is required` })(target, key);
    IsString({ message: `${field} must be a string` })(target, key);
    Length(min, max, { message: `${field} must be ${min}-${max} characters` })(target, key);
    if (pattern) Matches(pattern.regex, { message: pattern.message })(target, key);
  };
}

/** An optional string field: absent or null is fine, anything else is checked. */
export function OptionalClientString(field: string, min: number, max: number) {
  return (target: object, key: string) => {
    IsOptional()(target, key);
    IsString({ message: `${field} must be a string` })(target, key);
    Length(min, max, { message: `${field} must be ${min}-${max} characters` })(target, key);
  };
}

/** Body shapes of `POST /v1`, one class per request type. */
export class ClientBaseDto {
  @ClientString('appId', 1, 64)
  appId: string;

  @ClientString('apiKey', 1, 256)
  apiKey: string;
}

export class InitDto extends ClientBaseDto {}

export const USERNAME_FIELD = {
  regex: ClientLimits.usernamePattern,
  message: 'username must be 3-32 characters of A-Z, a-z, 0-9, _ . -',
};
