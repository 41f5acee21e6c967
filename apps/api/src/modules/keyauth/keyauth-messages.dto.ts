import {
  KEYAUTH_MESSAGE_DEFAULTS,
  KEYAUTH_MESSAGE_NAMES,
  KeyAuthLimits,
  UpdateKeyAuthMessagesRequest,
} from '@latchkey/contracts';
import { ApiProperty } from '@nestjs/swagger';

// The rules are the contracts' request shape (libs/contracts/src/shapes/keyauth-messages.ts); this adds OpenAPI only.

export class UpdateKeyAuthMessagesDto extends UpdateKeyAuthMessagesRequest {
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(
      KEYAUTH_MESSAGE_NAMES.map((name) => [
        name,
        {
          type: 'string',
          minLength: KeyAuthLimits.messageMin,
          maxLength: KeyAuthLimits.messageMax,
          default: KEYAUTH_MESSAGE_DEFAULTS[name],
        },
      ]),
    ),
    additionalProperties: false,
    example: { keynotfound: 'Clé de licence invalide' },
    description: 'message name -> the words a KeyAuth client is answered; a name left out is answered with its default',
  })
  declare overrides: Partial<Record<(typeof KEYAUTH_MESSAGE_NAMES)[number], string>>;
}
