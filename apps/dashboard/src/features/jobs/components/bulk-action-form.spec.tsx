import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clearToken, setToken } from '@/lib/auth-token';
import { fakeFetch } from '@/test/fake-fetch';
import { BulkActionForm } from './bulk-action-form';

beforeEach(() => setToken('lk_test'));
afterEach(() => {
  clearToken();
  jest.restoreAllMocks();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BulkActionForm appId="app-1" onStarted={() => undefined} />
    </QueryClientProvider>,
  );
}

const sent = (fetch: ReturnType<typeof fakeFetch>, call = 0) =>
  JSON.parse(String(fetch.mock.calls[call]![1]!.body)) as Record<string, unknown>;

// The form runs the request shape (CreateJobRequest, with its nested filter and params) before the dry run.
describe('BulkActionForm', () => {
  it('checks the days with the shape’s words under the field, and sends only what the type reads', async () => {
    const fetch = fakeFetch({
      status: 200,
      body: {
        success: true,
        data: { type: 'licenses.add-time', filter: {}, params: { days: 7 }, count: 0, countIsCapped: false },
      },
    });
    renderForm();
    expect((screen.getByLabelText('Operation') as HTMLSelectElement).value).toBe('licenses.add-time');
    fireEvent.input(screen.getByLabelText('Days'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start…' }));
    expect(await screen.findByText('params.days must be between 1 and 36500')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText('Days'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start…' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/jobs\/preview$/);
    expect(sent(fetch)).toEqual({ type: 'licenses.add-time', filter: {}, params: { days: 7 } });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Nothing to change: no unused key with an end matches (lifetime keys have none to move).',
    );
  });

  it('puts the API’s refusal of a nested field under it', async () => {
    fakeFetch({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        message: 'filter.note must be 1-500 characters',
        errors: ['filter.note must be 1-500 characters'],
        fields: [{ field: 'filter.note', message: 'filter.note must be 1-500 characters' }],
      },
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Operation'), { target: { value: 'licenses.delete' } });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('EXPIRED');
    fireEvent.input(screen.getByLabelText('Note contains'), { target: { value: 'promo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start…' }));
    const note = screen.getByLabelText('Note contains');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('filter.note must be 1-500 characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
