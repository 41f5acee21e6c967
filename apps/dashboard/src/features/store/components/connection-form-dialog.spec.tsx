// Connecting a store: every store but the signed webhook needs its signing
// secret before anything is sent; a signed webhook sends none, and the
// answer (with its one-time secret) goes to the page.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clearToken, setToken } from '@/lib/auth-token';
import { fakeFetch } from '@/test/fake-fetch';
import { ConnectionFormDialog } from './connection-form-dialog';

const created = {
  id: 'c-1',
  appId: 'app-1',
  provider: 'generic',
  name: 'Checkout',
  enabled: true,
  webhookUrl: 'https://lk.example/store/webhooks/c-1',
  productCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastEventAt: null,
  signingSecret: 'lkwh_secret',
};

let fetch: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  setToken('lk_test');
  fetch = fakeFetch({ status: 201, body: { success: true, data: created } });
});
afterEach(() => clearToken());

function renderDialog(onCreated: (value: unknown) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConnectionFormDialog appId="app-1" open onOpenChange={() => undefined} onCreated={onCreated} />
    </QueryClientProvider>,
  );
}

describe('connecting a store', () => {
  it('asks for the store’s signing secret before sending', async () => {
    renderDialog(() => undefined);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Main shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Paste the store’s webhook signing secret');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a signed webhook without a secret and hands the answer on', async () => {
    const onCreated = jest.fn();
    renderDialog(onCreated);
    fireEvent.change(screen.getByLabelText('Store'), { target: { value: 'generic' } });
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Checkout ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ provider: 'generic', name: 'Checkout' });
  });
});
