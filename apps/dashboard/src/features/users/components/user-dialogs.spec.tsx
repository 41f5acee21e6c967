import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LATEST_EXPIRY, USERNAME_MESSAGE } from '@latchkey/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clearToken, setToken } from '@/lib/auth-token';
import { fakeFetch } from '@/test/fake-fetch';
import { CreateUserDialog } from './user-dialogs';

beforeEach(() => setToken('lk_test'));
afterEach(() => {
  clearToken();
  jest.restoreAllMocks();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateUserDialog appId="app-1" open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
}

const CREATED = { status: 201, body: { success: true, data: { userId: 'u-1', username: 'carol' } } };

// The request shape checks the body; the expiry day, which the form sends as expiresAt, keeps its own rules.
describe('CreateUserDialog', () => {
  it("checks the username with the request shape and the expiry day with the form's rules", async () => {
    const fetch = fakeFetch(CREATED);
    renderDialog();
    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'no spaces' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByLabelText('Lifetime (never expires)'));
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText(USERNAME_MESSAGE)).toBeTruthy();
    expect(screen.getByText('expiresAt must be in the future')).toBeTruthy();

    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'carol' } });
    fireEvent.input(screen.getByLabelText('Expires on'), { target: { value: '9999-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    // The end of the last day in this zone may pass the API's bound; then the form says so in its words.
    const endOfLastDay = new Date('9999-12-31T23:59:59').getTime();
    if (endOfLastDay > Date.parse(LATEST_EXPIRY)) {
      expect(await screen.findByText(`expiresAt must be at most ${LATEST_EXPIRY}`)).toBeTruthy();
      fireEvent.input(screen.getByLabelText('Expires on'), { target: { value: '9999-12-30' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    }
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'carol', password: 'hunter22', level: 1, maxDevices: 1 });
    expect(body.expiresAt).toMatch(/^9999-12-3\dT/);
  });

  it('sends a lifetime user with expiresAt null', async () => {
    const fetch = fakeFetch(CREATED);
    renderDialog();
    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'carol' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'hunter22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ username: 'carol', expiresAt: null });
  });
});
