import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminList } from '@latchkey/contracts';
import { QueryTable, type PagedQuery } from './data-table';
import { SimpleTable } from './simple-table';
import { actionsColumn, dateTimeCell, hwidCell, rowActionsColumn } from './table-columns';

interface Device {
  id: string;
  name: string;
  hwid: string | null;
  seenAt: string;
}

const column = createColumnHelper<Device>();
const DEVICES: Device[] = [
  { id: 'd1', name: 'Desk', hwid: 'HW-1', seenAt: '2026-01-02T03:04:05.000Z' },
  { id: 'd2', name: 'Laptop', hwid: null, seenAt: '2026-01-03T03:04:05.000Z' },
];

function page(rows: Device[], total: number): AdminList<Device> {
  return { success: true, data: rows, meta: { page: 1, limit: 25, total } } as AdminList<Device>;
}

function renderTable(query: PagedQuery<Device>, extra: Parameters<typeof QueryTable<Device>>[0]['paging'] = undefined) {
  const onEdit = jest.fn();
  render(
    <QueryTable
      label="Devices"
      noun={['device', 'devices']}
      columns={[
        column.accessor('name', { header: 'Name' }),
        column.accessor('hwid', { header: 'HWID', cell: hwidCell }),
        column.accessor('seenAt', { header: 'Seen', cell: dateTimeCell }),
        rowActionsColumn<Device>(
          (device) => device.name,
          (device) => [{ label: 'Edit', onSelect: () => onEdit(device.id) }],
        ),
      ]}
      query={query}
      {...(extra ? { paging: extra } : {})}
      getRowId={(device) => device.id}
      empty={<p>Nothing seen yet</p>}
    />,
  );
  return { onEdit };
}

describe('QueryTable', () => {
  it("shows the query's rows and total, with hwid, time and actions cells", () => {
    renderTable({ data: page(DEVICES, 2), error: null, isPlaceholderData: false });
    const table = screen.getByRole('table', { name: 'Devices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('HW-1').tagName).toBe('CODE');
    expect(within(rows[2]!).getByText('None').className).toBe('muted');
    expect(
      within(rows[1]!)
        .getByText((_, element) => element?.tagName === 'TIME')
        .getAttribute('datetime'),
    ).toBe('2026-01-02T03:04:05.000Z');
    expect(within(rows[1]!).getByRole('button', { name: 'Actions for Desk' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Actions' }).className).toBe('col-actions');
    expect(screen.getByTestId('table-total').textContent).toBe('2');
  });

  it('is one page unless paging says otherwise, and marks the table while a new page loads', () => {
    renderTable({ data: page(DEVICES, 2), error: null, isPlaceholderData: true });
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByRole('table').className).toBe('table table-fetching');
  });

  it('moves pages through paging.onPageChange', () => {
    const onPageChange = jest.fn();
    renderTable({ data: page(DEVICES, 60), error: null, isPlaceholderData: false }, { page: 2, onPageChange });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows the empty state and the total of none', () => {
    renderTable({ data: page([], 0), error: null, isPlaceholderData: false });
    expect(screen.getByText('Nothing seen yet')).toBeTruthy();
    expect(screen.getByText('No devices')).toBeTruthy();
  });

  it('shows the error of a failed query', () => {
    renderTable({ data: undefined, error: new Error('Server down'), isPlaceholderData: false });
    expect(screen.getByRole('alert').textContent).toContain('Server down');
  });
});

describe('actionsColumn', () => {
  it('renders its cell per row in the last, visually hidden "Actions" column', () => {
    const col = actionsColumn<Device>((device) => <span>menu of {device.name}</span>);
    expect([col.id, col.meta?.className]).toEqual(['actions', 'col-actions']);
  });
});

describe('SimpleTable', () => {
  it('has its headers, a hidden "Actions" header and the given rows', () => {
    render(
      <SimpleTable label="Tokens" headers={['Name', 'Created']}>
        <tr>
          <td>ci</td>
          <td>today</td>
          <td className="col-actions">
            <button type="button">Revoke</button>
          </td>
        </tr>
      </SimpleTable>,
    );
    const table = screen.getByRole('table', { name: 'Tokens' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Created', 'Actions']);
    expect(within(table).getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });
});
