import type { CreateVariableRequest, UpdateVariableRequest } from '@latchkey/contracts';
import { FieldMessage, VariableLimits, VariableMessage } from '@latchkey/contracts';
import { OptionalIntField } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';

export const VARIABLE_KEY = VariableLimits.keyPattern;
const { valueMax, minLevelMin, minLevelMax } = VariableLimits;

export class CreateVariableDto implements CreateVariableRequest {
  @ApiProperty({ pattern: VARIABLE_KEY.source, example: 'motd' })
  @Matches(VARIABLE_KEY, { message: VariableMessage.key })
  @IsString({ message: FieldMessage.string('key') })
  key: string;

  @ApiProperty({ maxLength: valueMax })
  @MaxLength(valueMax, { message: VariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  value: string;

  @OptionalIntField('minLevel', minLevelMin, minLevelMax, VariableLimits.minLevelDefault)
  minLevel?: number;
}

export class UpdateVariableDto implements UpdateVariableRequest {
  @ApiPropertyOptional({ maxLength: valueMax })
  @Optional()
  @MaxLength(valueMax, { message: VariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  value?: string;

  @OptionalIntField('minLevel', minLevelMin, minLevelMax)
  minLevel?: number;
}
