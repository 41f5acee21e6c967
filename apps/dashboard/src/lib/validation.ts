// Rules for react-hook-form's `validate`, worded like the API's own messages,
// so what the browser says before sending matches what the server would say.
import { FieldMessage } from '@latchkey/contracts';

/** A rule on a number input registered with `valueAsNumber`: true, or the message. */
export type NumberRule = (value: number | null | undefined) => true | string;

/** A whole number within [min, max]; `message` words the refusal when the API words it otherwise. */
export function intInRange(
  field: string,
  min: number,
  max: number,
  message = `${field} must be an integer between ${min} and ${max}`,
): NumberRule {
  return (value) =>
    value !== null && value !== undefined && Number.isInteger(value) && value >= min && value <= max ? true : message;
}

/** A text of min to max characters, refused in the API's words (`FieldMessage.length`). */
export function textLength(field: string, min: number, max: number): (value: string) => true | string {
  return (value) => (value.length >= min && value.length <= max) || FieldMessage.length(field, min, max);
}

/** An absolute http or https URL of at most max characters (trimmed, as the forms send it), in the API's words. */
export function httpUrl(field: string, max: number): (value: string) => true | string {
  return (value) => {
    const text = value.trim();
    if (text.length > max) return FieldMessage.atMost(field, max);
    try {
      const url = new URL(text);
      if (url.protocol === 'http:' || url.protocol === 'https:') return true;
    } catch {
      // not a URL at all: same message as the wrong protocol
    }
    return FieldMessage.httpUrl(field);
  };
}

/** `rule`, but an empty input (NaN) passes: it means "leave it out". */
export function blankOr(rule: NumberRule): NumberRule {
  return (value) => (value === null || value === undefined || Number.isNaN(value) ? true : rule(value));
}
