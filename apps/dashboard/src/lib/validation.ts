// Rules for react-hook-form's `validate`, worded like the API's own messages,
// so what the browser says before sending matches what the server would say.

/** A whole number within [min, max]; for inputs registered with `valueAsNumber`. */
export function intInRange(field: string, min: number, max: number) {
  return (value: number | null | undefined) =>
    value !== null && value !== undefined && Number.isInteger(value) && value >= min && value <= max
      ? true
      : `${field} must be an integer between ${min} and ${max}`;
}

/** Like intInRange, but an empty input (NaN) is allowed and means "leave it out". */
export function optionalIntInRange(field: string, min: number, max: number) {
  const check = intInRange(field, min, max);
  return (value: number | null | undefined) =>
    value === null || value === undefined || Number.isNaN(value) ? true : check(value);
}
