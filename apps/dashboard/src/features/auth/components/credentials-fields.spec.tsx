import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AccountLimits, FieldMessage } from '@latchkey/contracts';
import { useCredentialsForm, type CredentialsValues } from '../hooks/use-credentials-form';
import { CredentialsFields } from './credentials-fields';

function CredentialsForm({
  signUp = false,
  send,
}: {
  signUp?: boolean;
  send: (values: CredentialsValues) => Promise<unknown>;
}) {
  const { form, onSubmit } = useCredentialsForm(send, signUp);
  return (
    <form onSubmit={onSubmit} noValidate>
      <CredentialsFields form={form} signUp={signUp} />
      <button type="submit">Go</button>
    </form>
  );
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
}

const { passwordMin, passwordMax } = AccountLimits;

describe('CredentialsFields', () => {
  it('signing in: asks for both and fills the current password', async () => {
    const send = jest.fn(async (_values: CredentialsValues) => undefined);
    render(<CredentialsForm send={send} />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).autocomplete).toBe('username');
    expect((screen.getByLabelText('Password') as HTMLInputElement).autocomplete).toBe('current-password');
    fill(' ', '');
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    // Signing in, any email and password within bounds go to the API, which checks them.
    fill('not-an-email', 'x');
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'not-an-email', password: 'x' }));
  });

  it("signing up: checks the email and the new password with the API's rules, in its words", async () => {
    const send = jest.fn(async (_values: CredentialsValues) => undefined);
    render(<CredentialsForm signUp send={send} />);
    expect((screen.getByLabelText('Password') as HTMLInputElement).autocomplete).toBe('new-password');
    fill('', '');
    expect(await screen.findByText('Enter your email')).toBeTruthy();
    expect(screen.getByText('Choose a password')).toBeTruthy();
    fill('not-an-email', 'x');
    expect(await screen.findByText(FieldMessage.email('email'))).toBeTruthy();
    expect(screen.getByText(FieldMessage.length('password', passwordMin, passwordMax))).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fill(' owner@example.test ', 'x'.repeat(passwordMin));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ email: 'owner@example.test', password: 'x'.repeat(passwordMin) }),
    );
  });
});
