// Modal dialogs on Radix Dialog: focus moves in and is trapped, Escape and the
// close button close, focus returns to what opened it.
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';
import './dialog.css';

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered as the trigger itself). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Wider dialog for tables or long text. */
  wide?: boolean;
  /**
   * Return focus to what opened it on close (default). Off for a dialog whose
   * closing hands over to another one (the sign-in a change waited for):
   * focus coming back would dismiss the one opening.
   */
  restoreFocus?: boolean;
  children: ReactNode;
}

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  wide,
  restoreFocus = true,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={wide ? 'dialog dialog-wide' : 'dialog'}
          onCloseAutoFocus={restoreFocus ? undefined : (event) => event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-head">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label="Close">
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="muted">{description}</RadixDialog.Description> : null}
          <div className="dialog-body">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button that closes the surrounding dialog (e.g. "Cancel"). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

/** The row of buttons at the bottom of a dialog. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="dialog-footer">{children}</div>;
}

/** The footer of a form dialog: Cancel (closes) and the submit button, which says it is working while it is. */
export function FormDialogButtons({
  submitting,
  label,
  pendingLabel,
  destructive = false,
  lockCancel = false,
}: {
  submitting: boolean;
  label: string;
  pendingLabel: string;
  destructive?: boolean;
  /** Cancel is disabled while the form submits too (an upload under way). */
  lockCancel?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose>
        <button type="button" className="button button-secondary" disabled={lockCancel && submitting}>
          Cancel
        </button>
      </DialogClose>
      <SubmitButton submitting={submitting} label={label} pendingLabel={pendingLabel} destructive={destructive} />
    </DialogFooter>
  );
}
