import { IsString, MaxLength } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { UserVariableLimits, UserVariableMessage } from '../licensing.js';

/*
 * Request shape of a user's own variable: the one declaration of its rules.
 * The API's DTO (apps/api/src/modules/user-variables) extends it with OpenAPI
 * only, and the dashboard's user-variable form validates with it too.
 */

/** `PUT .../users/{userId}/variables/{key}`: creates (201) or replaces (200) the variable; the key is the path's. */
export class SetUserVariableRequest {
  @MaxLength(UserVariableLimits.valueMax, { message: UserVariableMessage.value })
  @IsString({ message: FieldMessage.string('value') })
  value!: string;
}
