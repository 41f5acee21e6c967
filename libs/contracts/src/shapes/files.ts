import { IsBoolean, IsString, Length, Matches } from 'class-validator';
import { FILE_NAME_MESSAGE } from '../admin-limits.js';
import { FieldMessage } from '../field-messages.js';
import { FileLimits } from '../files.js';
import { Optional, OptionalInt } from './fields.js';

/*
 * Request shape of a file's name and level: the one declaration of their
 * rules, for the PATCH body and an upload's multipart fields alike. The API's
 * DTO (apps/api/src/modules/files) extends it with OpenAPI only, and the
 * dashboard's upload and edit dialogs validate with it too.
 */

/** No control characters, no unpaired surrogates (with `u`, a lone surrogate is a code point of category Cs). */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

/** `PATCH .../files/{fileId}`, and the text fields of `POST .../files`. */
export class UpdateFileRequest {
  // Bottom-up: the type is checked first, then the length, then the characters.
  @Optional()
  @Matches(PRINTABLE, { message: FieldMessage.printable('name') })
  @Length(FileLimits.nameMin, FileLimits.nameMax, { message: FILE_NAME_MESSAGE })
  @IsString({ message: FieldMessage.string('name') })
  name?: string;

  @OptionalInt('minLevel', FileLimits.minLevelMin, FileLimits.minLevelMax)
  minLevel?: number;

  /** offered for download in the customer portal (to levels the file allows) */
  @Optional()
  @IsBoolean({ message: FieldMessage.boolean('portalOffered') })
  portalOffered?: boolean;
}
