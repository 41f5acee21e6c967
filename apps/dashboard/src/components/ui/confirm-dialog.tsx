// Confirmation before a destructive or irreversible action, on Radix
// AlertDialog (role="alertdialog"; focus starts on Cancel). The dialog stays
// open while the action runs and shows the API's message if it fails.
import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { ErrorAlert } from './error-alert';
import './dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting (default "Cancel"), when "Cancel" would name the action. */
  cancelLabel?: string;
  /** Runs the action; the dialog closes when it resolves and shows the error when it rejects. */
  onConfirm: () => Promise<unknown>;
  /** Styles the confirm button as dangerous (default). */
  destructive?: boolean;
  /** Extra content between the description and the buttons (a reason field, a name to type). */
  children?: ReactNode;
  /** Keeps the confirm button disabled, e.g. until the app's name is typed. */
  confirmDisabled?: boolean;
}

/** What a confirmation says and does, without its open state. */
export type ConfirmSpec = Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>;

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  destructive = true,
  children,
  confirmDisabled,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  function changeOpen(next: boolean) {
    if (pending) return;
    if (!next) setError(null);
    onOpenChange(next);
  }

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onOpenChange(false);
    } catch (caught) {
      setPending(false);
      setError(caught instanceof Error ? caught : new Error('Something went wrong.'));
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="muted">{description}</AlertDialog.Description>
          <div className="dialog-body">
            {children}
            <ErrorAlert error={error} />
            <div className="dialog-footer">
              <AlertDialog.Cancel className="button button-secondary" disabled={pending}>
                {cancelLabel}
              </AlertDialog.Cancel>
              <button
                type="button"
                className={destructive ? 'button button-danger' : 'button button-primary'}
                disabled={pending || confirmDisabled}
                onClick={() => void confirm()}
              >
                {pending ? 'Working…' : confirmLabel}
              </button>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Confirms an action on one row of a table: open while `row` is set,
 * `onClose` clears it. `onConfirm` runs the action on the row and resolves
 * to the success toast's words.
 */
export function RowConfirmDialog<T>({
  row,
  onClose,
  onConfirm,
  ...props
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm'> & {
  row: T | null;
  onClose: () => void;
  onConfirm: (row: T) => Promise<string | void>;
}) {
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onConfirm={async () => {
        if (row === null) return;
        const success = await onConfirm(row);
        if (success) toast.success(success);
      }}
      {...props}
    />
  );
}
