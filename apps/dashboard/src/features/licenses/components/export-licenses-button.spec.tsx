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

describe('ExportLicensesButton', () => {
  it('downloads the keys of the status shown as CSV and says so', async () => {
    const fetch = fakeFetch({ status: 200, body: 'key\nK-1\n', headers: { 'content-type': 'text/csv' } });
    URL.createObjectURL = jest.fn(() => 'blob:keys');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const success = jest.spyOn(toast, 'success');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Export downloaded'));
    expect(fetch.mock.calls[0]![0]).toContain('/v1/admin/apps/app-1/licenses/export?status=USED');
    expect(click).toHaveBeenCalled();
  });

  it("toasts the API's message when the export fails", async () => {
    fakeFetch({ status: 403, body: { success: false, message: 'Forbidden', code: 'FORBIDDEN' } });
    const error = jest.spyOn(toast, 'error');
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect((error.mock.calls[0]![0] as Error).message).toBe('Forbidden');
  });
});
