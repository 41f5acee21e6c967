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
  required: (field: string) => `${field} is required`,
  uuid: (field: string) => `${field} must be a UUID`,
  accountId: (field: string) => `${field} must be an account id`,
  timestampOrNull: (field: string) => `${field} must be an ISO 8601 timestamp or null`,
  printable: (field: string) => `${field} must not contain control characters`,
  notZero: (field: string) => `${field} must not be zero`,
  nonEmptyListOf: (field: string, values: readonly string[]) =>
    `${field} must be a non-empty list of: ${values.join(', ')}`,
  /** an optional bound: null for none, or an integer in the range */
  nullOrBetween: (field: string, min: number, max: number) =>
    `${field} must be null or an integer between ${min} and ${max}`,
  /** an optional set of integers: null for all, or a non-empty list of distinct ones in the range */
  nullOrDistinctBetween: (field: string, min: number, max: number) =>
    `${field} must be null or a non-empty list of distinct integers between ${min} and ${max}`,
  /** an optional set of names: null for all, or a non-empty list of distinct `noun` of `values` */
  nullOrDistinctOf: (field: string, noun: string, values: readonly string[]) =>
    `${field} must be null or a non-empty list of distinct ${noun} of: ${values.join(', ')}`,
} as const;
