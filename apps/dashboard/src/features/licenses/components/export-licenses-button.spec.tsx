import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clearToken, setToken } from '@/lib/auth-token';
import { toast } from '@/lib/toast';
import { fakeFetch } from '@/test/fake-fetch';
import { ExportLicensesButton } from './export-licenses-button';

beforeEach(() => setToken('lk_test'));
afterEach(() => {
  clearToken();
  jest.restoreAllMocks();
});

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExportLicensesButton appId="app-1" status="USED" />
    </QueryClientProvider>,
  );
}

/** The list's total for the percentage, then the CSV itself: the two requests an export makes. */
const LIST_ANSWER = { status: 200, body: { success: true, data: [], meta: { page: 1, limit: 1, total: 1 } } };

describe('ExportLicensesButton', () => {
  it('downloads the keys of the status shown as CSV and says how many', async () => {
    const fetch = fakeFetch(LIST_ANSWER, {
      status: 200,
      body: 'id,key\r\n1,K-1\r\n',
      headers: { 'content-type': 'text/csv' },
    });
    URL.createObjectURL = jest.fn(() => 'blob:keys');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const success = jest.spyOn(toast, 'success');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Export downloaded: 1 key'));
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      expect.stringContaining('/v1/admin/apps/app-1/licenses?'),
      expect.stringContaining('/v1/admin/apps/app-1/licenses/export?status=USED'),
    ]);
    expect(click).toHaveBeenCalled();
  });

  it("toasts the API's message when the export fails", async () => {
    const refused = { status: 403, body: { success: false, message: 'Forbidden', code: 'FORBIDDEN' } };
    fakeFetch(refused, refused);
    const error = jest.spyOn(toast, 'error');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect((error.mock.calls[0]![0] as Error).message).toBe('Forbidden');
  });
});
