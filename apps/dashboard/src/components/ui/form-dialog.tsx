// The frame of every dialog that holds one form of `useApiForm`: the dialog,
// the form, its root error above the fields and Cancel + submit below them.
// The caller renders only its fields (and anything between them and the buttons).
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Dialog, FormDialogButtons } from './dialog';
import { FormError } from './error-alert';

/** The props of an app's create dialog, opened by its page's button (ListPage). */
export interface CreateDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What FormDialog reads of a `useApiForm` result. */
export interface FormDialogForm {
  onSubmit: (event?: BaseSyntheticEvent) => void;
  isSubmitting: boolean;
  rootError: string | undefined;
}

interface FormDialogProps {
  /** Open unless told otherwise: a dialog rendered only while it is needed stays open. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Runs when the dialog closes (Escape, ×, Cancel). */
  onClose?: () => void;
  title: ReactNode;
  description?: ReactNode;
  wide?: boolean;
  form: FormDialogForm;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** Cancel is disabled while the form submits (an upload under way). */
  lockCancel?: boolean;
  children: ReactNode;
}

export function FormDialog({
  open = true,
  onOpenChange,
  onClose,
  title,
  description,
  wide,
  form,
  submitLabel,
  pendingLabel,
  destructive,
  lockCancel,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onClose?.();
      }}
      title={title}
      description={description}
      wide={wide}
    >
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        <FormError message={form.rootError} />
        {children}
        <FormDialogButtons
          submitting={form.isSubmitting}
          label={submitLabel}
          pendingLabel={pendingLabel}
          destructive={destructive}
          lockCancel={lockCancel}
        />
      </form>
    </Dialog>
  );
}
