import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AccountLimits, type SignupRequest } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { CredentialsFields } from './credentials-fields';

function CredentialsForm({ signUp, onValid }: { signUp?: boolean; onValid: (values: SignupRequest) => void }) {
  const form = useForm<SignupRequest>({ defaultValues: { email: '', password: '' } });
  return (
    <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
      <CredentialsFields form={form} {...(signUp ? { signUp } : {})} />
      <button type="submit">Go</button>
    </form>
  );
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
}

describe('CredentialsFields', () => {
  it('signing in: asks for both and fills the current password', async () => {
    const onValid = jest.fn();
    render(<CredentialsForm onValid={onValid} />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).autocomplete).toBe('username');
    expect((screen.getByLabelText('Password') as HTMLInputElement).autocomplete).toBe('current-password');
    fill('', '');
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    fill('not-an-email', 'x');
    await waitFor(() => expect(onValid).toHaveBeenCalled());
  });

  it("signing up: checks the email's shape and the new password's length", async () => {
    const onValid = jest.fn();
    render(<CredentialsForm signUp onValid={onValid} />);
    expect((screen.getByLabelText('Password') as HTMLInputElement).autocomplete).toBe('new-password');
    fill('not-an-email', 'x');
    expect(await screen.findByText('Enter an email address')).toBeTruthy();
    expect(screen.getByText(`Use at least ${AccountLimits.passwordMin} characters`)).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    fill('owner@example.test', 'x'.repeat(AccountLimits.passwordMin));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
  });
});
