import {
  AccountLimits,
  type DisableTotpRequest,
  FieldMessage,
  type SecondFactorRequest,
  type TotpCodeRequest,
  TwoFactorLimits,
} from '@latchkey/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';

const { codeMin, codeMax, challengeTokenMin, challengeTokenMax } = TwoFactorLimits;
const { checkedPasswordMin, passwordMax } = AccountLimits;

/** A presented code: only bounded here; whether it is one is the check itself (401 `Invalid code`). */
const CodeField = (field: string) =>
  applyDecorators(
    Length(codeMin, codeMax, { message: FieldMessage.length(field, codeMin, codeMax) }),
    IsString({ message: FieldMessage.string(field) }),
  );

export class SecondFactorDto implements SecondFactorRequest {
  @ApiProperty({ description: 'the challengeToken the login answered', example: 'lkc_…' })
  @Length(challengeTokenMin, challengeTokenMax, {
    message: FieldMessage.length('challengeToken', challengeTokenMin, challengeTokenMax),
  })
  @IsString({ message: FieldMessage.string('challengeToken') })
  challengeToken: string;

  @ApiPropertyOptional({ description: 'a 6-digit code of the authenticator app (or recoveryCode)', example: '123456' })
  @Optional()
  @CodeField('totpCode')
  totpCode?: string;

  @ApiPropertyOptional({ description: 'an unused recovery code (or totpCode)', example: 'abcd-efgh-jkmn-pqrs' })
  @Optional()
  @CodeField('recoveryCode')
  recoveryCode?: string;
}

export class TotpCodeDto implements TotpCodeRequest {
  @ApiProperty({ description: 'a current 6-digit code of the authenticator app', example: '123456' })
  @CodeField('code')
  code: string;
}

export class DisableTotpDto implements DisableTotpRequest {
  @ApiProperty()
  @Length(checkedPasswordMin, passwordMax, {
    message: FieldMessage.length('password', checkedPasswordMin, passwordMax),
  })
  @IsString({ message: FieldMessage.string('password') })
  password: string;

  @ApiPropertyOptional({ description: 'a current 6-digit code (or recoveryCode)' })
  @Optional()
  @CodeField('code')
  code?: string;

  @ApiPropertyOptional({ description: 'an unused recovery code (or code)' })
  @Optional()
  @CodeField('recoveryCode')
  recoveryCode?: string;
}
