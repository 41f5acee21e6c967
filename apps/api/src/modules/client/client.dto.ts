import type {
  FileRequest,
  InitRequest,
  LicenseRequest,
  LogRequest,
  LoginRequest,
  RegisterRequest,
  SessionRequest,
  SetUserVarRequest,
  UpgradeRequest,
  UserVarRequest,
  UserVarsRequest,
  VarRequest,
} from '@latchkey/contracts';
import { ClientLimits, FieldMessage, USERNAME_MESSAGE, UserVariableMessage } from '@latchkey/contracts';
import { IsDefined, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { OptionalClientPublicKey } from '../files/client-public-key.js';

/**
 * A string field of a client body. Checks run in this order (class-validator
 * runs constraints in registration order) so the message names the first
 * real problem: `X is required`, `X must be a string`, then the length.
 */
export function ClientString(field: string, min: number, max: number, pattern?: { regex: RegExp; message: string }) {
  return (target: object, key: string) => {
    IsDefined({ message: FieldMessage.required(field) })(target, key);
    IsString({ message: FieldMessage.string(field) })(target, key);
    Length(min, max, { message: FieldMessage.length(field, min, max) })(target, key);
    if (pattern) Matches(pattern.regex, { message: pattern.message })(target, key);
  };
}

/** An optional string field: absent or null is fine, anything else is checked. */
export function OptionalClientString(field: string, min: number, max: number) {
  return (target: object, key: string) => {
    IsOptional()(target, key);
    IsString({ message: FieldMessage.string(field) })(target, key);
    Length(min, max, { message: FieldMessage.length(field, min, max) })(target, key);
  };
}

const { textMin } = ClientLimits;

export const USERNAME_FIELD = {
  regex: ClientLimits.usernamePattern,
  message: USERNAME_MESSAGE,
};

/**
 * Body shapes of `POST /v1`, one class per request type, each implementing its
 * contract type but for `type`, which picks the class and is not declared.
 */
export class ClientBaseDto {
  @ClientString('appId', textMin, ClientLimits.appIdMax)
  appId: string;

  @ClientString('apiKey', textMin, ClientLimits.apiKeyMax)
  apiKey: string;
}

export class InitDto extends ClientBaseDto implements Omit<InitRequest, 'type'> {}

const UsernameField = () =>
  ClientString('username', ClientLimits.usernameMin, ClientLimits.usernameMax, USERNAME_FIELD);
/** A password being checked (login, upgrade): only bounded, not held to register's minimum. */
const CheckedPasswordField = () => ClientString('password', textMin, ClientLimits.passwordMax);
const LicenseKeyField = () => ClientString('licenseKey', textMin, ClientLimits.licenseKeyMax);
const HwidField = () => OptionalClientString('hwid', textMin, ClientLimits.hwidMax);

export class RegisterDto extends ClientBaseDto implements Omit<RegisterRequest, 'type'> {
  @UsernameField()
  username: string;

  @ClientString('password', ClientLimits.passwordMin, ClientLimits.passwordMax)
  password: string;

  @LicenseKeyField()
  licenseKey: string;

  @HwidField()
  hwid?: string | null;
}

export class LoginDto extends ClientBaseDto implements Omit<LoginRequest, 'type'> {
  // Register's rule: a name it could never have made is refused as body shape (400), before any lookup.
  @UsernameField()
  username: string;

  @CheckedPasswordField()
  password: string;

  @HwidField()
  hwid?: string | null;
}

export class LicenseDto extends ClientBaseDto implements Omit<LicenseRequest, 'type'> {
  @LicenseKeyField()
  licenseKey: string;

  @HwidField()
  hwid?: string | null;
}

export class UpgradeDto extends ClientBaseDto implements Omit<UpgradeRequest, 'type'> {
  @UsernameField()
  username: string;

  @CheckedPasswordField()
  password: string;

  @LicenseKeyField()
  licenseKey: string;
}

/** KeyAuth's `upgrade` (ClientService.upgradeByUsername): KeyAuth clients send no password with it. */
export class UsernameUpgradeDto extends ClientBaseDto {
  @UsernameField()
  username: string;

  @LicenseKeyField()
  licenseKey: string;
}

export class SessionDto extends ClientBaseDto implements Omit<SessionRequest, 'type'> {
  @ClientString('sessionToken', textMin, ClientLimits.sessionTokenMax)
  sessionToken: string;
}

export class VarDto extends SessionDto implements Omit<VarRequest, 'type'> {
  @ClientString('key', textMin, ClientLimits.varKeyMax)
  key: string;
}

export class LogDto extends SessionDto implements Omit<LogRequest, 'type'> {
  @ClientString('message', textMin, ClientLimits.logMessageMax)
  message: string;
}

export class FileDto extends SessionDto implements Omit<FileRequest, 'type'> {
  @ClientString('fileId', textMin, ClientLimits.fileIdMax)
  fileId: string;

  @OptionalClientPublicKey()
  clientPublicKey?: string | null;
}

export class UserVarsDto extends SessionDto implements Omit<UserVarsRequest, 'type'> {}

export class UserVarDto extends SessionDto implements Omit<UserVarRequest, 'type'> {
  @ClientString('key', textMin, ClientLimits.varKeyMax, {
    regex: ClientLimits.variableKeyPattern,
    message: UserVariableMessage.key,
  })
  key: string;
}

export class SetUserVarDto extends UserVarDto implements Omit<SetUserVarRequest, 'type'> {
  // An empty value is a value. (Decorators register bottom-up: required, string, then length.)
  @MaxLength(ClientLimits.userVariableValueMax, { message: UserVariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  @IsDefined({ message: 'value is required' })
  value: string;
}
