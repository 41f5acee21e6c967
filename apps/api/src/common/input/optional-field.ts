import { ValidateIf } from 'class-validator';

/**
 * Optional body and query fields. class-validator's own `IsOptional` skips
 * every rule for `null` as well as for an absent field, so `{"name": null}`
 * passed validation and reached a NOT NULL column (500). Admin DTOs use
 * these two instead, and say which one each field takes.
 */

/** Absent means "unchanged" or "the default"; `null` is validated like any other value, so it gets the field's 400. */
export const Optional = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

/** Absent or `null`, where null means "none" (no note, no reason, no update URL, lifetime). */
export const OptionalOrNull = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined && value !== null);
