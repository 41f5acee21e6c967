import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { PasswordField } from './password-field';

interface Values {
  currentPassword: string;
  password: string;
}

function PasswordForm({ onValid }: { onValid: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { currentPassword: '', password: '' } });
  return (
    <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
      <PasswordField
        form={form}
        name="currentPassword"
        label="Current password"
        current
        rules={{ required: 'Enter it' }}
      />
      <PasswordField
        form={form}
        name="password"
        hint="8 to 72 characters."
        rules={{ validate: (value) => value.length >= 8 || 'Use at least 8 characters' }}
      />
      <button type="submit">Change</button>
    </form>
  );
}

describe('PasswordField', () => {
  it('is a masked input offering the current or a new password to password managers', () => {
    render(<PasswordForm onValid={() => undefined} />);
    const current = screen.getByLabelText('Current password') as HTMLInputElement;
    const fresh = screen.getByLabelText('Password') as HTMLInputElement;
    expect([current.type, current.autocomplete]).toEqual(['password', 'current-password']);
    expect([fresh.type, fresh.autocomplete]).toEqual(['password', 'new-password']);
    expect(screen.getByText('8 to 72 characters.')).toBeTruthy();
  });

  it('checks its rules and shows their messages under the field', async () => {
    const onValid = jest.fn();
    render(<PasswordForm onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Enter it')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ currentPassword: 'old-secret', password: 'long enough' });
  });
});
