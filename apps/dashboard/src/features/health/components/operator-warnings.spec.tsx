import { describe, expect, it } from '@jest/globals';
import { HEALTH_WARNINGS } from '@latchkey/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { fakeFetch } from '@/test/fake-fetch';
import { OperatorWarnings } from './operator-warnings';

function renderWarnings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OperatorWarnings />
    </QueryClientProvider>,
  );
}

describe('OperatorWarnings', () => {
  it('lists the warnings of /health', async () => {
    const fetch = fakeFetch({
      status: 200,
      body: {
        status: 'ok',
        db: 'up',
        redis: 'up',
        warnings: [{ code: 'AUTOVACUUM_OFF', message: HEALTH_WARNINGS.AUTOVACUUM_OFF }],
      },
    });
    renderWarnings();
    expect(await screen.findByText(HEALTH_WARNINGS.AUTOVACUUM_OFF)).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/health');
  });

  it('shows nothing without warnings', async () => {
    const fetch = fakeFetch({ status: 200, body: { status: 'ok', db: 'up', redis: 'up', warnings: [] } });
    const { container } = renderWarnings();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(container.innerHTML).toBe('');
  });
});
