import type { FieldError } from '@latchkey/contracts';
import { FileLimits, UpdateFileRequest } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { validateSync } from 'class-validator';
import { validationProblems } from '../../common/errors.js';
import { ApiOptionalInt } from '../../common/int-field.js';

// The rules are the contracts' request shape's (libs/contracts/src/shapes/files.ts); this adds OpenAPI only.

export class UpdateFileDto extends UpdateFileRequest {
  @ApiPropertyOptional({ minLength: FileLimits.nameMin, maxLength: FileLimits.nameMax })
  declare name?: string;

  @ApiOptionalInt(FileLimits.minLevelMin, FileLimits.minLevelMax, FileLimits.minLevelDefault)
  declare minLevel?: number;

  @ApiPropertyOptional({ description: 'offered for download in the customer portal' })
  declare portalOffered?: boolean;
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
