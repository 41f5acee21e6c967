import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';

/*
 * How settings are read from the environment's strings, and the decorators
 * that check them with messages named after the setting.
 */

export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
export const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
export const toOriginList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter((origin) => origin !== '')
    : value;
/**
 * An integer setting from min (to max), its messages named after the setting
 * (`unit` follows the range, e.g. "(1 TiB)"). Applied as the decorators
 * `@Transform @Min @Max @IsInt` would be, so the first failing check reported
 * is the same: not an integer, then out of range.
 */
export function IntSetting(min: number, max?: number, unit?: string): PropertyDecorator {
  return (target, key) => {
    const name = String(key);
    const range = max === undefined ? `${name} must be at least ${min}` : `${name} must be between ${min} and ${max}`;
    const message = unit ? `${range} ${unit}` : range;
    IsInt({ message: `${name} must be an integer` })(target, key);
    if (max !== undefined) Max(max, { message })(target, key);
    Min(min, { message })(target, key);
    Transform(toInt)(target, key);
  };
}

/** A setting of `true` or `false`. */
export function BooleanSetting(): PropertyDecorator {
  return (target, key) => {
    IsBoolean({ message: `${String(key)} must be true or false` })(target, key);
    Transform(toBool)(target, key);
  };
}

export const toIntList = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+(\s*,\s*\d+)*\s*$/.test(value) ? value.split(',').map(Number) : value;
