import { applyDecorators } from '@nestjs/common';
import { FieldMessage, LicenseLimits } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from './input/optional-field.js';

/**
 * An optional integer body field within [min, max], documented for OpenAPI,
 * with messages that name the field. The type check is registered first so it
 * is the one reported for a non-number (class-validator runs in registration order).
 */
export function OptionalIntField(field: string, min: number, max: number, defaultValue?: number) {
  const range = FieldMessage.between(field, min, max);
  return applyDecorators(
    ApiPropertyOptional({
      minimum: min,
      maximum: max,
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
    }),
    // Absent means "unchanged"; null is validated like any value (a NOT NULL column would answer 500).
    Optional(),
    IsInt({ message: FieldMessage.integer(field) }),
    Min(min, { message: range }),
    Max(max, { message: range }),
  );
}

/** The `level` of a key or of a user: LicenseLimits' range; `defaultValue` where an absent level means one. */
export const LevelField = (defaultValue?: number) =>
  OptionalIntField('level', LicenseLimits.levelMin, LicenseLimits.levelMax, defaultValue);

/** The `maxDevices` of a key or of a user, like LevelField. */
export const MaxDevicesField = (defaultValue?: number) =>
  OptionalIntField('maxDevices', LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax, defaultValue);
