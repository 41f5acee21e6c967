// A secret the API shows only once (a webhook's signing secret, a rotated API
// key): read-only, selected on focus, with a copy button and a warning. Closing
// is deliberate ("I have copied it"), so it is not lost by a stray click.
import { useId, useRef } from 'react';
import { CopyButton } from './copy-button';
import { Dialog, DialogFooter } from './dialog';

export function SecretOnceDialog({
  title,
  label,
  secret,
  children,
  onClose,
}: {
  title: string;
  /** accessible name of the secret's field, e.g. "Signing secret" */
  label: string;
  secret: string | null;
  /** what the secret is for, shown under the warning */
  children?: React.ReactNode;
  onClose: () => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Copy it now and keep it somewhere safe: it will not be shown again."
      wide
    >
      <div className="stack">
        {children}
        <label htmlFor={inputId}>{label}</label>
        <div className="copy-row">
          <input
            id={inputId}
            ref={inputRef}
            className="mono"
            readOnly
            value={secret ?? ''}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton
            value={secret ?? ''}
            className="button button-primary"
            copiedMessage={`${label} copied`}
            onUnavailable={() => inputRef.current?.select()}
          />
        </div>
        <DialogFooter>
          <button type="button" className="button button-secondary" onClick={onClose}>
            I have copied it
          </button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
