// Deleting a variable, an app's or a user's: the same question, and the same
// "Variable not found" its software gets from then on.
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';

export function DeleteVariableDialog({
  variable,
  onClose,
  onDelete,
  reader,
}: {
  variable: { key: string } | null;
  onClose: () => void;
  onDelete: (key: string) => Promise<unknown>;
  /** Who reads the variable, e.g. "Client software". */
  reader: string;
}) {
  return (
    <RowConfirmDialog
      row={variable}
      onClose={onClose}
      title={`Delete ${variable?.key ?? 'variable'}?`}
      description={`${reader} asking for it gets “Variable not found” from now on. This cannot be undone.`}
      confirmLabel="Delete variable"
      onConfirm={async ({ key }) => {
        await onDelete(key);
        return `Variable ${key} deleted`;
      }}
    />
  );
}
