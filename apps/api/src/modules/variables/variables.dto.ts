import type { CreateVariableRequest, UpdateVariableRequest } from '@latchkey/contracts';
import { OptionalIntField } from '../../common/int-field.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../common/input/optional-field.js';

export const VARIABLE_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
/** 64 KiB of text. */
export const VARIABLE_VALUE_MAX = 65_536;

export class CreateVariableDto implements CreateVariableRequest {
  @ApiProperty({ pattern: VARIABLE_KEY.source, example: 'motd' })
  @Matches(VARIABLE_KEY, { message: 'key must be 1-64 characters of A-Z, a-z, 0-9, _ . -' })
  @IsString({ message: 'key must be a string' })
  key: string;

  @ApiProperty({ maxLength: VARIABLE_VALUE_MAX })
  @MaxLength(VARIABLE_VALUE_MAX, { message: 'value must be at most 64 KiB' })
  @IsString({ message: 'value must be a string' })
  value: string;

  @OptionalIntField('minLevel', 0, 1000, 0)
  minLevel?: number;
}

export class UpdateVariableDto implements UpdateVariableRequest {
  @ApiPropertyOptional({ maxLength: VARIABLE_VALUE_MAX })
  @Optional()
  @MaxLength(VARIABLE_VALUE_MAX, { message: 'value must be at most 64 KiB' })
  @IsString({ message: 'value must be a string' })
  value?: string;

  @OptionalIntField('minLevel', 0, 1000)
  minLevel?: number;
}
