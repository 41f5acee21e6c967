// Labelled form controls. Each ties its label, hint and error to the control
// (htmlFor, aria-describedby, aria-invalid) and takes react-hook-form's
// `register()` result as props: `<TextField label="Name" {...form.register('name')} />`.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  /** A validation or API message for this field. */
  error?: string | undefined;
}

/**
 * The id of a field's control and the attributes that tie it to its hint and
 * error: spread `control` onto the input, select or textarea.
 */
function useFieldControl(hint: unknown, error: unknown) {
  const id = useId();
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    id,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    },
  };
}

/** The hint and the error under a control, with the ids its `aria-describedby` names. */
function FieldNotes({ id, hint, error }: Omit<FieldChrome, 'label'> & { id: string }) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldChrome & { id: string; className?: string | undefined; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldChrome & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const { id, control } = useFieldControl(hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input {...control} {...inputProps} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  FieldChrome & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, hint, error, className, ...textareaProps }: TextAreaFieldProps) {
  const { id, control } = useFieldControl(hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea {...control} {...textareaProps} />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldChrome & {
    options: readonly { value: string; label: string }[];
    ref?: Ref<HTMLSelectElement>;
  };

/** A native select: keyboard, screen reader and phone pickers work as users expect. */
export function SelectField({ label, hint, error, className, options, ...selectProps }: SelectFieldProps) {
  const { id, control } = useFieldControl(hint, error);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <select {...control} {...selectProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> &
  FieldChrome & { ref?: Ref<HTMLInputElement> };

export function CheckboxField({ label, hint, error, className, ...inputProps }: CheckboxFieldProps) {
  const { id, control } = useFieldControl(hint, error);
  return (
    <div className={className ? `field field-checkbox ${className}` : 'field field-checkbox'}>
      <div className="checkbox-row">
        <input {...control} type="checkbox" {...inputProps} />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
