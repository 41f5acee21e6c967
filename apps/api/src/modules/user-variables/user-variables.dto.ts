import type { SetUserVariableRequest } from '@latchkey/contracts';
import { FieldMessage, UserVariableLimits, UserVariableMessage } from '@latchkey/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class SetUserVariableDto implements SetUserVariableRequest {
  @ApiProperty({ maxLength: UserVariableLimits.valueMax, example: '{"theme":"dark"}' })
  @MaxLength(UserVariableLimits.valueMax, { message: UserVariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  value: string;
}
