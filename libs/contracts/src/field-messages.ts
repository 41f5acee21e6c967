/**
 * The words of a refused field, built from its name and its limits: the API's
 * DTOs answer them and the dashboard's forms show the same before sending
 * (clients match on them, so they never change wording).
 */
export const FieldMessage = {
  string: (field: string) => `${field} must be a string`,
  integer: (field: string) => `${field} must be an integer`,
  boolean: (field: string) => `${field} must be a boolean`,
  between: (field: string, min: number, max: number) => `${field} must be between ${min} and ${max}`,
  length: (field: string, min: number, max: number) => `${field} must be ${min}-${max} characters`,
  atMost: (field: string, max: number) => `${field} must be at most ${max} characters`,
  oneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`,
  httpUrl: (field: string) => `${field} must be an http or https URL`,
  email: (field: string) => `${field} must be a valid email address`,
} as const;
