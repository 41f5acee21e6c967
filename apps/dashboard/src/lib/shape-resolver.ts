// A form whose rules are a request shape of libs/contracts (a class-validator
// class the API's DTO extends): the browser runs the API's own rules, in its
// words, before sending. See docs/architecture.md, "Adding a request shape".
import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A request shape of libs/contracts: a class whose fields carry class-validator rules. */
export type RequestShape = new () => object;

/**
 * The form's own rules: of fields that are not in the request body, so not in
 * its shape (a path parameter such as a user variable's key, a check against
 * loaded data), or the form's own words for a case the shape also refuses (a
 * blank name, a reseller's own narrower limit): true, or the message;
 * `values` for a rule that depends on another field.
 */
export type FormOnlyRules<T extends FieldValues> = { [K in keyof T]?: (value: T[K], values: T) => true | string };

/**
 * react-hook-form's resolver for `shape`, as the API's validation pipe runs it:
 * one message per field, the first rule it breaks (stopAtFirstError). The
 * action gets the form's own values (raw), not an instance of the class.
 * With a resolver, rules given to `register` are not run: `formOnly` holds
 * the form's own, and where one refuses, its message is the one shown.
 * `toBody` maps the values to the body the form sends when that differs
 * (trimmed text, '' sent as null or left out), so the rules judge what the
 * API will get; its fields keep the form's names.
 */
export function shapeResolver<T extends FieldValues>(
  shape: RequestShape,
  formOnly: FormOnlyRules<T> = {},
  toBody?: (values: T) => object,
): Resolver<T> {
  const validate = classValidatorResolver(shape, { validator: { stopAtFirstError: true } }, { raw: true });
  return async (values, context, options) => {
    const result = await validate(toBody ? toBody(values) : values, context, options as never);
    const errors: Record<string, FieldError> = { ...(result.errors as Record<string, FieldError>) };
    for (const [name, rule] of Object.entries(formOnly)) {
      const verdict = rule?.(values[name], values);
      if (typeof verdict === 'string') errors[name] = { type: 'validate', message: verdict };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<T> } : { values, errors: {} };
  };
}
