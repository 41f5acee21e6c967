import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { DeleteVariableDialog } from './delete-variable-dialog';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('DeleteVariableDialog', () => {
  it('names the key and its reader, deletes by key and says so', async () => {
    const success = jest.spyOn(toast, 'success');
    const onDelete = jest.fn(async (_key: string) => undefined);
    const onClose = jest.fn();
    render(
      <DeleteVariableDialog
        variable={{ key: 'motd' }}
        onClose={onClose}
        onDelete={onDelete}
        reader="Client software"
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete motd?' })).toBeTruthy();
    expect(
      screen.getByText('Client software asking for it gets “Variable not found” from now on. This cannot be undone.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete variable' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Variable motd deleted'));
    expect(onDelete).toHaveBeenCalledWith('motd');
  });

  it('is closed while no variable is picked', () => {
    render(
      <DeleteVariableDialog variable={null} onClose={() => undefined} onDelete={async () => undefined} reader="x" />,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
