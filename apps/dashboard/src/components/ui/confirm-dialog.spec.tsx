import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { RowConfirmDialog } from './confirm-dialog';

afterEach(() => {
  jest.restoreAllMocks();
});

interface Row {
  id: string;
  name: string;
}

function Harness({ onConfirm }: { onConfirm: (row: Row) => Promise<string | void> }) {
  const [row, setRow] = useState<Row | null>(null);
  return (
    <>
      <button type="button" onClick={() => setRow({ id: 'r1', name: 'alpha' })}>
        Pick alpha
      </button>
      <RowConfirmDialog
        row={row}
        onClose={() => setRow(null)}
        title={`Delete ${row?.name ?? 'row'}?`}
        description="Gone for good."
        confirmLabel="Delete row"
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('RowConfirmDialog', () => {
  it('is closed until a row is set, then runs the action on that row, toasts its words and closes', async () => {
    const success = jest.spyOn(toast, 'success');
    const onConfirm = jest.fn(async (row: Row) => `${row.name} deleted`);
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pick alpha' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete alpha?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledWith({ id: 'r1', name: 'alpha' });
    expect(success).toHaveBeenCalledWith('alpha deleted');
  });

  it('toasts nothing when the action resolves to nothing, and stays open with the message when it fails', async () => {
    const success = jest.spyOn(toast, 'success');
    const onConfirm = jest.fn(() => Promise.reject(new Error('It is in use')));
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    expect((await screen.findByRole('alert')).textContent).toContain('It is in use');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
  });

  it('clears the row on Cancel', async () => {
    const onConfirm = jest.fn(async () => undefined);
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
