import { AdminMessage, ERROR_TABLE, type ErrorCode, type FieldError } from '@latchkey/contracts';

export type { ErrorCode };

/** What an error may carry besides its code and message. */
export interface AppErrorDetails {
  /** every problem found, for the admin error body */
  errors?: string[];
  /** the refused fields, for the admin error body of a VALIDATION error */
  fields?: FieldError[];
  /** sent as `Retry-After` (429) */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly status: number;
  readonly errors?: string[];
  readonly fields?: FieldError[];
  readonly retryAfterSeconds?: number;

  /** @param message overrides the table's message, e.g. a validation message naming the field */
  constructor(
    readonly code: ErrorCode,
    message?: string,
    { errors, fields, retryAfterSeconds }: AppErrorDetails = {},
  ) {
    const [status, defaultMessage] = ERROR_TABLE[code];
    super(message ?? defaultMessage);
    this.status = status;
    this.errors = errors;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A problem with the request: the field it is about, when it is about one. */
export interface Problem {
  field?: string;
  message: string;
}

/**
 * A 400 whose message names the first problem, whose `errors` lists them all
 * and whose `fields` lists those about a field.
 */
export function validationError(problems: Problem[]): AppError {
  const fields = problems.filter((problem): problem is FieldError => problem.field !== undefined);
  return new AppError('VALIDATION', problems[0]?.message ?? AdminMessage.validation, {
    errors: problems.map((problem) => problem.message),
    fields: fields.map(({ field, message }) => ({ field, message })),
  });
}

/** A validation error of one field. */
export function fieldError(field: string, message: string): AppError {
  return validationError([{ field, message }]);
}

/** The path of `key` (an array index when a number) inside the field at `parent` (none: the body itself): `a`, `a.b`, `a[0]`. */
export function fieldPath(parent: string | undefined, key: string | number): string {
  if (typeof key === 'number') return `${parent ?? ''}[${key}]`;
  return parent === undefined ? key : `${parent}.${key}`;
}

/** What class-validator reports of one property (`value`: the property's value). */
export interface ValidationErrorLike {
  property: string;
  value?: unknown;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}

/**
 * class-validator's errors as problems: each failed constraint's message,
 * with its property's path (the items of an array property are its children,
 * named by their index).
 */
export function validationProblems(errors: ValidationErrorLike[], parent?: string, inArray = false): FieldError[] {
  return errors.flatMap((error) => {
    const field = fieldPath(parent, inArray ? Number(error.property) : error.property);
    return [
      ...Object.values(error.constraints ?? {}).map((message) => ({ field, message })),
      ...validationProblems(error.children ?? [], field, Array.isArray(error.value)),
    ];
  });
}
