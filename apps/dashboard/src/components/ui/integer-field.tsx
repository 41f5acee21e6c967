// The one whole-number input of the dashboard's forms: a number input with
// its range, registered with `valueAsNumber` and checked with the API's rule
// and words (intInRange) before sending.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { blankOr, intInRange, type NumberRule } from '@/lib/validation';
import { TextField } from './form-fields';

type IntegerFieldProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** a field of the form holding a number (NaN when left empty) */
  name: Path<T>;
  label: string;
  min: number;
  max: number;
  hint?: string | undefined;
  placeholder?: string;
  /** an empty input is allowed (the field's value is then NaN) */
  optional?: boolean;
  /** the refusal's words when the API words the range otherwise */
  message?: string;
  /** a rule of its own in place of the range rule (a range with a hole) */
  validate?: NumberRule;
};

export function IntegerField<T extends FieldValues>({
  form,
  name,
  min,
  max,
  optional = false,
  message,
  validate,
  ...chrome
}: IntegerFieldProps<T>) {
  const rule = validate ?? intInRange(name, min, max, message);
  return (
    <TextField
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      error={form.getFieldState(name, form.formState).error?.message}
      {...chrome}
      {...form.register(name, { valueAsNumber: true, validate: optional ? blankOr(rule) : rule })}
    />
  );
}
