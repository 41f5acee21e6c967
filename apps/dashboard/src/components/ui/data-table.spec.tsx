import { describe, expect, it } from '@jest/globals';
import { PageLimits } from '@latchkey/contracts';
import { render, screen } from '@testing-library/react';
import { formatApproximateNumber, formatNumber } from '@/lib/format';
import { DataTable } from './data-table';

interface Row {
  id: string;
}

function Table({ total, totalIsEstimate, page = 1 }: { total: number; totalIsEstimate?: true; page?: number }) {
  return (
    <DataTable<Row>
      label="Licenses"
      columns={[{ accessorKey: 'id', header: 'Id' }]}
      rows={[{ id: 'a' }]}
      meta={{ page, limit: 25, total, ...(totalIsEstimate ? { totalIsEstimate } : {}) }}
      page={page}
      pageSize={25}
      onPageChange={() => undefined}
      getRowId={(row) => row.id}
      empty="None"
      noun={['license', 'licenses']}
    />
  );
}

describe('DataTable', () => {
  it('shows an exact total as a number', () => {
    render(<Table total={1234} />);
    expect(screen.getByTestId('table-total').textContent).toBe(formatNumber(1234));
  });

  it('says an estimated total in rounded words ("about 1.2 million")', () => {
    render(<Table total={1_234_567} totalIsEstimate />);
    expect(screen.getByTestId('table-total').textContent).toBe(formatApproximateNumber(1_234_567));
    expect(screen.getByTestId('table-total').textContent).toMatch(/^about /);
  });

  it('pages no deeper than the API answers', () => {
    const lastPage = PageLimits.rowsMax / 25;
    render(<Table total={1_234_567} totalIsEstimate page={lastPage} />);
    expect(screen.getByText(`Page ${formatNumber(lastPage)} of ${formatNumber(lastPage)}`)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
