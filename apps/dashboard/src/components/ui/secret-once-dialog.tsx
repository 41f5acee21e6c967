// A secret the API shows only once (a webhook's signing secret, a rotated API
// key): read-only, selected on focus, with a copy button and a warning. Closing
// is deliberate ("I have copied it"), so it is not lost by a stray click.
import { Dialog, DialogFooter } from './dialog';
import { SecretField } from './secret-field';

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
        <SecretField label={label} value={secret ?? ''} copiedMessage={`${label} copied`} />
        <DialogFooter>
          <button type="button" className="button button-secondary" onClick={onClose}>
            I have copied it
          </button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
