import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { DataTable } from '@/components/ui/data-table';
import { variableColumns } from './variable-columns';

const row = { key: 'motd', value: 'x'.repeat(200), updatedAt: '2026-01-02T03:04:05.000Z', minLevel: 2 };

describe('variableColumns', () => {
  it('puts the table’s own columns between the value and the time it changed', () => {
    const columns = variableColumns<typeof row>({
      extra: [{ id: 'minLevel', header: 'Min level', accessorFn: (variable) => variable.minLevel }],
      onEdit: () => undefined,
      onDelete: () => undefined,
    });
    expect(columns.map((column) => column.id)).toEqual(['key', 'value', 'minLevel', 'updatedAt', 'actions']);
  });

  it('shows the key, a preview of a long value and a menu named after the key', () => {
    render(
      <DataTable
        label="Variables"
        noun={['variable', 'variables']}
        columns={variableColumns<typeof row>({ onEdit: () => undefined, onDelete: () => undefined })}
        rows={[row]}
        meta={{ page: 1, limit: 25, total: 1 }}
        page={1}
        pageSize={25}
        onPageChange={() => undefined}
        getRowId={(variable) => variable.key}
        empty={null}
      />,
    );
    expect(screen.getByText('motd').tagName).toBe('CODE');
    expect(screen.getByText(/^x+…$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /motd/ })).toBeTruthy();
  });
});
