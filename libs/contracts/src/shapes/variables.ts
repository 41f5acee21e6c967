import { IsString, Matches, MaxLength } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { VariableLimits, VariableMessage } from '../licensing.js';
import { Optional, OptionalInt } from './fields.js';

/*
 * Request shapes of an app's variables: the one declaration of their rules.
 * The API's DTOs (apps/api/src/modules/variables) extend these with OpenAPI
 * only, and the dashboard's variable form validates with them too.
 */

const { keyPattern, valueMax, minLevelMin, minLevelMax } = VariableLimits;

/** `POST .../variables`. */
export class CreateVariableRequest {
  @Matches(keyPattern, { message: VariableMessage.key })
  @IsString({ message: FieldMessage.string('key') })
  key!: string;

  @MaxLength(valueMax, { message: VariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  value!: string;

  @OptionalInt('minLevel', minLevelMin, minLevelMax)
  minLevel?: number;
}

/** `PATCH .../variables/{key}`: new value and/or minimum level. */
export class UpdateVariableRequest {
  @Optional()
  @MaxLength(valueMax, { message: VariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  value?: string;

  @OptionalInt('minLevel', minLevelMin, minLevelMax)
  minLevel?: number;
}
