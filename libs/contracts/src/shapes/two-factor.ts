import { IsString, Length } from 'class-validator';
import { AccountLimits } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { TwoFactorLimits } from '../two-factor.js';
import { allOf, Optional } from './fields.js';

/*
 * Request shapes of two-factor sign-in: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/accounts/two-factor.dto.ts) extend
 * these with OpenAPI only, and the dashboard's second-step, enable, disable
 * and new-recovery-codes forms validate with them too.
 */

const { codeMin, codeMax, challengeTokenMin, challengeTokenMax } = TwoFactorLimits;
const { checkedPasswordMin, passwordMax } = AccountLimits;

/**
 * A presented code: only bounded here; whether it is one is the check itself
 * (401 `Invalid code`). Its bound is checked first, as it always was: a
 * non-string code is refused by its length message.
 */
const Code = (field: string): PropertyDecorator =>
  allOf(
    Length(codeMin, codeMax, { message: FieldMessage.length(field, codeMin, codeMax) }),
    IsString({ message: FieldMessage.string(field) }),
  );

/** `POST /v1/admin/auth/login/second-factor`: exactly one of `totpCode` and `recoveryCode` (checked by the API). */
export class SecondFactorRequest {
  @Length(challengeTokenMin, challengeTokenMax, {
    message: FieldMessage.length('challengeToken', challengeTokenMin, challengeTokenMax),
  })
  @IsString({ message: FieldMessage.string('challengeToken') })
  challengeToken!: string;

  @Optional()
  @Code('totpCode')
  totpCode?: string;

  @Optional()
  @Code('recoveryCode')
  recoveryCode?: string;
}

/** A current code of the authenticator app: turning TOTP on, new recovery codes. */
export class TotpCodeRequest {
  @Code('code')
  code!: string;
}

/** `POST /v1/admin/auth/two-factor/totp/disable`: the password and exactly one of `code` and `recoveryCode`. */
export class DisableTotpRequest {
  @Length(checkedPasswordMin, passwordMax, {
    message: FieldMessage.length('password', checkedPasswordMin, passwordMax),
  })
  @IsString({ message: FieldMessage.string('password') })
  password!: string;

  @Optional()
  @Code('code')
  code?: string;

  @Optional()
  @Code('recoveryCode')
  recoveryCode?: string;
}
