import { applyDecorators } from '@nestjs/common';
import { LicenseLimits, OptionalInt } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The OpenAPI part of an optional integer field within [min, max]: what a DTO
 * extending a contracts request shape adds to the shape's `OptionalInt`.
 */
export const ApiOptionalInt = (min: number, max: number, defaultValue?: number) =>
  ApiPropertyOptional({ minimum: min, maximum: max, ...(defaultValue === undefined ? {} : { default: defaultValue }) });

/**
 * An optional integer body field within [min, max], documented for OpenAPI,
 * with messages that name the field: the contracts' `OptionalInt` rules plus
 * their OpenAPI part, for DTOs that still declare their own rules.
 */
export function OptionalIntField(field: string, min: number, max: number, defaultValue?: number) {
  return applyDecorators(ApiOptionalInt(min, max, defaultValue), OptionalInt(field, min, max));
}

/** The OpenAPI part of a `level` (the contracts' `OptionalLevel`); `defaultValue` where an absent level means one. */
export const ApiLevel = (defaultValue?: number) =>
  ApiOptionalInt(LicenseLimits.levelMin, LicenseLimits.levelMax, defaultValue);

/** The OpenAPI part of a `maxDevices` (the contracts' `OptionalMaxDevices`), like ApiLevel. */
export const ApiMaxDevices = (defaultValue?: number) =>
  ApiOptionalInt(LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax, defaultValue);
