import { DisableTotpRequest, SecondFactorRequest, TotpCodeRequest } from '@latchkey/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// The bodies' rules are the contracts' request shapes' (libs/contracts/src/shapes/two-factor.ts); these add
// OpenAPI only.

export class SecondFactorDto extends SecondFactorRequest {
  @ApiProperty({ description: 'the challengeToken the login answered', example: 'lkc_…' })
  declare challengeToken: string;

  @ApiPropertyOptional({ description: 'a 6-digit code of the authenticator app (or recoveryCode)', example: '123456' })
  declare totpCode?: string;

  @ApiPropertyOptional({ description: 'an unused recovery code (or totpCode)', example: 'abcd-efgh-jkmn-pqrs' })
  declare recoveryCode?: string;
}

export class TotpCodeDto extends TotpCodeRequest {
  @ApiProperty({ description: 'a current 6-digit code of the authenticator app', example: '123456' })
  declare code: string;
}

export class DisableTotpDto extends DisableTotpRequest {
  @ApiProperty()
  declare password: string;

  @ApiPropertyOptional({ description: 'a current 6-digit code (or recoveryCode)' })
  declare code?: string;

  @ApiPropertyOptional({ description: 'an unused recovery code (or code)' })
  declare recoveryCode?: string;
}
