import { LicenseLimits } from '@latchkey/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The OpenAPI part of an optional integer field within [min, max]: what a DTO
 * extending a contracts request shape adds to the shape's `OptionalInt`.
 */
export const ApiOptionalInt = (min: number, max: number, defaultValue?: number) =>
  ApiPropertyOptional({ minimum: min, maximum: max, ...(defaultValue === undefined ? {} : { default: defaultValue }) });

/** The OpenAPI part of a `level` (the contracts' `OptionalLevel`); `defaultValue` where an absent level means one. */
export const ApiLevel = (defaultValue?: number) =>
  ApiOptionalInt(LicenseLimits.levelMin, LicenseLimits.levelMax, defaultValue);

/** The OpenAPI part of a `maxDevices` (the contracts' `OptionalMaxDevices`), like ApiLevel. */
export const ApiMaxDevices = (defaultValue?: number) =>
  ApiOptionalInt(LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax, defaultValue);
