import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { type Path, useForm, type UseFormReturn } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { ApiError } from './api-client';
import { type ApiFormAction, applyApiError, ROOT_ERROR, useApiForm } from './api-form';
import { toast, useToasts } from './toast';

interface Values {
  name: string;
  version: string;
}

function renderForm() {
  return renderHook(() => useForm<Values>({ defaultValues: { name: '', version: '' } })).result;
}

/** The message a field (or the root, ROOT_ERROR) shows. */
function shown(form: { current: UseFormReturn<Values> }, name: Path<Values> | typeof ROOT_ERROR) {
  return form.current.getFieldState(name as Path<Values>).error?.message;
}

const validation = (fields: { field: string; message: string }[], errors = fields.map((f) => f.message)) =>
  new ApiError(400, errors[0]!, { code: 'VALIDATION', errors, fields });

/** A fresh form with the VALIDATION error of `fields` (and `errors`) put on it. */
function refusedForm(...refusal: Parameters<typeof validation>) {
  const form = renderForm();
  act(() => applyApiError(form.current, validation(...refusal)));
  return form;
}

describe('applyApiError', () => {
  it('puts each message under the field the API names, and nothing above the form when the first one is placed', () => {
    const form = refusedForm([
      { field: 'version', message: 'version must be 1-32 characters' },
      { field: 'name', message: 'name must be a string' },
    ]);
    expect(shown(form, 'version')).toBe('version must be 1-32 characters');
    expect(shown(form, 'name')).toBe('name must be a string');
    expect(shown(form, ROOT_ERROR)).toBeUndefined();
  });

  it('maps by the named field, not by the first word of the message', () => {
    // The message starts with a field of the form, but the API named another field.
    const form = refusedForm([{ field: 'updateUrl', message: 'name of the host is private' }]);
    expect(shown(form, 'name')).toBeUndefined();
    expect(shown(form, ROOT_ERROR)).toBe('name of the host is private');

    // And a message without `fields` stays above the form, whatever its first word.
    const plain = renderForm();
    act(() => applyApiError(plain.current, new ApiError(409, 'name already exists', { code: 'CONFLICT' })));
    expect(shown(plain, 'name')).toBeUndefined();
    expect(shown(plain, ROOT_ERROR)).toBe('name already exists');
  });

  it("shows the API's message above the form when the field it is about is not placed", () => {
    const form = refusedForm(
      [{ field: 'name', message: 'name must be a string' }],
      ['body has a field name with NUL or unpaired surrogate characters', 'name must be a string'],
    );
    expect(shown(form, 'name')).toBe('name must be a string');
    expect(shown(form, ROOT_ERROR)).toBe('body has a field name with NUL or unpaired surrogate characters');
  });

  it("keeps a field's first error when the API names it twice", () => {
    const form = refusedForm([
      { field: 'name', message: 'name must be a string' },
      { field: 'name', message: 'name must be 1-64 characters' },
    ]);
    expect(shown(form, 'name')).toBe('name must be a string');
  });

  it('puts a refusal of a nested field (`params.days`) under that field, as react-hook-form names it', () => {
    const nested = renderHook(() =>
      useForm<{ type: string; params: { days: number } }>({ defaultValues: { type: 'x', params: { days: 0 } } }),
    ).result;
    act(() =>
      applyApiError(nested.current, validation([{ field: 'params.days', message: 'params.days must be an integer' }])),
    );
    expect(nested.current.getFieldState('params.days').error?.message).toBe('params.days must be an integer');
    expect(nested.current.getFieldState(ROOT_ERROR as never).error).toBeUndefined();
  });

  it('shows any other failure above the form', () => {
    const form = renderForm();
    act(() => applyApiError(form.current, new Error('Could not reach the server.')));
    expect(shown(form, ROOT_ERROR)).toBe('Could not reach the server.');
    act(() => applyApiError(form.current, 'odd'));
    expect(shown(form, ROOT_ERROR)).toBe('Something went wrong.');
  });
});

/** A form as the dashboard builds them: useApiForm, a text field, an integer field, the root error. */
function NameForm({ action }: { action: ApiFormAction<Values & { level: number }> }) {
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<Values & { level: number }>(
    { defaultValues: { name: '', version: '', level: 1 } },
    action,
  );
  return (
    <form onSubmit={onSubmit} aria-label="Name form" noValidate>
      <FormError message={rootError} />
      <TextField
        label="Name"
        error={errors.name?.message}
        {...form.register('name', { required: 'name must be 1-64 characters' })}
      />
      <IntegerField form={form} name="level" label="Level" min={0} max={1000} />
      <button type="submit" disabled={isSubmitting}>
        Save
      </button>
    </form>
  );
}

describe('useApiForm', () => {
  const toasts = () => renderHook(() => useToasts()).result.current.map(({ kind, message }) => ({ kind, message }));
  afterEach(() => {
    for (const item of renderHook(() => useToasts()).result.current) act(() => toast.dismiss(item.id));
  });

  it('runs the action with the checked values and shows the message it resolves to', async () => {
    const action = jest.fn(async (values: Values & { level: number }) => `Saved ${values.name} at ${values.level}`);
    render(<NameForm action={action} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Alpha' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Saved Alpha at 7' }]));
    expect(action.mock.calls[0]![0]).toEqual({ name: 'Alpha', version: '', level: 7 });
  });

  it('does not call the API while a field breaks its rule', async () => {
    const action = jest.fn(async () => undefined);
    render(<NameForm action={action} />);
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('level must be an integer between 0 and 1000');
    expect(screen.getByText('name must be 1-64 characters')).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
  });

  it("puts the API's refusal under the field it names and keeps what was typed", async () => {
    render(
      <NameForm
        action={async () => {
          throw new ApiError(400, 'level must be between 0 and 1000', {
            code: 'VALIDATION',
            errors: ['level must be between 0 and 1000'],
            fields: [{ field: 'level', message: 'level must be between 0 and 1000' }],
          });
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('level must be between 0 and 1000');
    expect(screen.getByLabelText('Level').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Alpha');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
    expect(toasts()).toEqual([]);
  });

  it('shows a refusal about no field above the form', async () => {
    render(
      <NameForm
        action={async () => {
          throw new ApiError(409, 'Variable already exists', { code: 'CONFLICT' });
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Variable already exists');
  });
});
