import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FieldMessage, TwoFactorLimits, type SecondFactorChallenge } from '@latchkey/contracts';
import { clearToken, getToken } from '@/lib/auth-token';
import { fakeFetch } from '@/test/fake-fetch';
import { SecondFactorForm } from './second-factor-form';

afterEach(() => {
  clearToken();
  jest.restoreAllMocks();
});

const CHALLENGE: SecondFactorChallenge = {
  secondFactorRequired: true,
  challengeToken: 'lkc_test',
  expiresIn: 300,
  methods: ['totp', 'recovery'],
};
const SIGNED_IN = {
  status: 200,
  body: {
    success: true,
    data: {
      accessToken: 'lka_new',
      tokenType: 'Bearer',
      expiresIn: 43200,
      account: { id: 'a', email: 'e', role: 'owner' },
    },
  },
};

function renderForm(challenge = CHALLENGE, onSuccess = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SecondFactorForm challenge={challenge} onSuccess={onSuccess} onRestart={jest.fn()} />
    </QueryClientProvider>,
  );
  return onSuccess;
}

const sentBody = (fetch: ReturnType<typeof fakeFetch>) => JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as unknown;

describe('SecondFactorForm', () => {
  it('answers with the app code, spaces removed, and keeps the token it gets', async () => {
    const fetch = fakeFetch(SIGNED_IN);
    const onSuccess = renderForm();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe('/v1/admin/auth/login/second-factor');
    expect(sentBody(fetch)).toEqual({ challengeToken: 'lkc_test', totpCode: '123456' });
    expect(getToken()).toBe('lka_new');
  });

  it('answers with a recovery code once asked to, and shows the API refusal', async () => {
    const fetch = fakeFetch({
      status: 401,
      body: { success: false, code: 'INVALID_SECOND_FACTOR_CODE', message: 'Invalid code' },
    });
    const onSuccess = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: ' abcd-efgh-jkmn-pqrs ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ challengeToken: 'lkc_test', recoveryCode: 'abcd-efgh-jkmn-pqrs' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it("checks the code before sending: an empty one in the form's words, the rest with the API's rules", async () => {
    const fetch = fakeFetch(SIGNED_IN);
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code your app shows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), {
      target: { value: 'x'.repeat(TwoFactorLimits.codeMax + 1) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(FieldMessage.length('recoveryCode', TwoFactorLimits.codeMin, TwoFactorLimits.codeMax)),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers no code form to a challenge without TOTP, and the passkey to one with a passkey', () => {
    renderForm({ ...CHALLENGE, methods: ['passkey'] });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeTruthy();
  });

  it('offers no passkey to a challenge without one', () => {
    renderForm(CHALLENGE);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
