import type { FieldError, UpdateFileRequest } from '@latchkey/contracts';
import { FieldMessage, FILE_NAME_MESSAGE, FileLimits } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Matches, validateSync } from 'class-validator';
import { validationProblems } from '../../common/errors.js';
import { Optional } from '../../common/input/optional-field.js';
import { OptionalIntField } from '../../common/int-field.js';

/** No control characters, no unpaired surrogates (with `u`, a lone surrogate is a code point of category Cs). */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

export class UpdateFileDto implements UpdateFileRequest {
  @ApiPropertyOptional({ minLength: FileLimits.nameMin, maxLength: FileLimits.nameMax })
  // Bottom-up: the type is checked first, then the length, then the characters.
  @Optional()
  @Matches(PRINTABLE, { message: FieldMessage.printable('name') })
  @Length(FileLimits.nameMin, FileLimits.nameMax, { message: FILE_NAME_MESSAGE })
  @IsString({ message: FieldMessage.string('name') })
  name?: string;

  @OptionalIntField('minLevel', FileLimits.minLevelMin, FileLimits.minLevelMax, FileLimits.minLevelDefault)
  minLevel?: number;
}

/** The multipart fields of an upload, as text; validated like the PATCH body. */
export function parseUploadFields(fields: Map<string, string>): UpdateFileDto {
  const dto = new UpdateFileDto();
  if (fields.has('name')) dto.name = fields.get('name');
  const level = fields.get('minLevel');
  if (level !== undefined) dto.minLevel = /^-?\d{1,9}$/.test(level) ? Number(level) : (level as unknown as number);
  return dto;
}

/** Every problem of `dto`, one per field. */
export function uploadFieldProblems(dto: UpdateFileDto): FieldError[] {
  return validationProblems(validateSync(dto, { forbidUnknownValues: false, stopAtFirstError: true }));
}

/** A display name from the uploaded file's own name, when the owner gave none. */
export function nameFromFilename(filename: string): string {
  const cleaned = Array.from(filename.replace(/[\p{Cc}\p{Cs}]/gu, '').trim());
  let name = '';
  for (const char of cleaned) {
    if (name.length + char.length > FileLimits.nameMax) break;
    name += char;
  }
  return name || 'file';
}
