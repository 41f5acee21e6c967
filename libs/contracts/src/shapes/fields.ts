import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { FieldMessage } from '../field-messages.js';
import { LicenseLimits } from '../licensing.js';

/**
 * Optional body and query fields. class-validator's own `IsOptional` skips
 * every rule for `null` as well as for an absent field, so `{"name": null}`
 * passed validation and reached a NOT NULL column (500). Request shapes and
 * the API's DTOs use these two instead, and say which one each field takes.
 */

/** Absent means "unchanged" or "the default"; `null` is validated like any other value, so it gets the field's 400. */
export const Optional = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

/** Absent or `null`, where null means "none" (no note, no reason, no update URL, lifetime). */
export const OptionalOrNull = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined && value !== null);

/** `IsUrl`'s options for a URL Latchkey calls or hands out: absolute http(s), a host without a TLD allowed (localhost, an intranet name). */
export const HTTP_URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** Applies `decorators` in the order given (the order class-validator then runs their rules in). */
export const allOf =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };

/**
 * An optional integer field within [min, max], with messages that name the
 * field. The type check is registered first so it is the one reported for a
 * non-number (class-validator runs in registration order). The API's DTOs add
 * its OpenAPI part (apps/api/src/common/int-field.ts).
 */
export function OptionalInt(field: string, min: number, max: number): PropertyDecorator {
  const range = FieldMessage.between(field, min, max);
  return allOf(
    // Absent means "unchanged"; null is validated like any value (a NOT NULL column would answer 500).
    Optional(),
    IsInt({ message: FieldMessage.integer(field) }),
    Min(min, { message: range }),
    Max(max, { message: range }),
  );
}

/** The `level` of a key or of a user: LicenseLimits' range. The API's DTOs add its OpenAPI part (ApiLevel). */
export const OptionalLevel = (): PropertyDecorator =>
  OptionalInt('level', LicenseLimits.levelMin, LicenseLimits.levelMax);

/** The `maxDevices` of a key or of a user, like OptionalLevel (ApiMaxDevices in the API). */
export const OptionalMaxDevices = (): PropertyDecorator =>
  OptionalInt('maxDevices', LicenseLimits.maxDevicesMin, LicenseLimits.maxDevicesMax);
