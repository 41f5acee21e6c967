import { type Passkey, PasskeyLimits, PasskeyName, RenamePasskeyRequest } from '@latchkey/contracts';
import { useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { SimpleTable } from '@/components/ui/simple-table';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { usePasskeys, useRegisterPasskey, useRemovePasskey, useRenamePasskey } from '../api/passkeys';

/** A blank name in the form's own words (the API's would be its length rule). */
const ENTER_NAME = { name: (name: string) => name.trim().length > 0 || 'Enter a name' };
/** The name as sent: trimmed (the API trims it too). */
const trimmedName = ({ name }: { name: string }) => ({ name: name.trim() });

/** The account's passkeys: add one of this device (named), rename, remove. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <section className="card stack" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p className="muted">
        Sign in with your device&apos;s screen lock or a security key instead of the password, or as the second step
        after it.
      </p>
      <AddPasskeyForm />
      {passkeys.error ? <ErrorAlert error={passkeys.error} /> : null}
      {passkeys.isPending ? (
        <Skeleton height="4em" />
      ) : passkeys.data && passkeys.data.length > 0 ? (
        <SimpleTable label="Passkeys" headers={['Name', 'Added', 'Last used']}>
          {passkeys.data.map((passkey) => (
            <tr key={passkey.id}>
              <td>
                {renaming === passkey.id ? (
                  <RenamePasskeyForm passkey={passkey} onDone={() => setRenaming(null)} />
                ) : (
                  passkey.name
                )}
              </td>
              <td>
                <DateTime value={passkey.createdAt} />
              </td>
              <td>
                <DateTime value={passkey.lastUsedAt} empty="Never" />
              </td>
              <td className="col-actions">
                <button type="button" className="button button-small" onClick={() => setRenaming(passkey.id)}>
                  Rename
                </button>{' '}
                <button
                  type="button"
                  className="button button-danger button-small"
                  onClick={() => setRemoving(passkey)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </SimpleTable>
      ) : (
        <p className="muted">No passkeys yet.</p>
      )}
      <RowConfirmDialog
        row={removing}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name ?? 'passkey'}?`}
        description="It will no longer sign in to this account."
        confirmLabel="Remove passkey"
        onConfirm={async (row) => {
          await remove.mutateAsync(row.id);
          return `Passkey ${row.name} removed`;
        }}
      />
    </section>
  );
}

/** The name is checked with the API's rules before the browser's ceremony, which makes the rest of the request. */
function AddPasskeyForm() {
  const register = useRegisterPasskey();
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<{ name: string }>(
    { resolver: shapeResolver(PasskeyName, ENTER_NAME, trimmedName), defaultValues: { name: '' } },
    async (values, form) => {
      const passkey = await register.mutateAsync(trimmedName(values).name);
      form.reset();
      return `Passkey ${passkey.name} added`;
    },
  );
  return (
    <form onSubmit={onSubmit} aria-label="New passkey" noValidate>
      <FormError message={rootError} />
      <div className="form-row">
        <TextField
          label="Passkey name"
          autoComplete="off"
          placeholder="e.g. Work laptop"
          maxLength={PasskeyLimits.nameMax}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <div className="form-row-action">
          <SubmitButton submitting={isSubmitting} label="Add passkey" pendingLabel="Waiting for the passkey…" />
        </div>
      </div>
    </form>
  );
}

function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<{ name: string }>(
    {
      resolver: shapeResolver(RenamePasskeyRequest, ENTER_NAME, trimmedName),
      defaultValues: { name: passkey.name },
    },
    async (values) => {
      await rename.mutateAsync({ id: passkey.id, ...trimmedName(values) });
      onDone();
      return 'Passkey renamed';
    },
  );
  return (
    <form onSubmit={onSubmit} aria-label={`Rename ${passkey.name}`} noValidate>
      <FormError message={rootError} />
      <div className="form-row">
        <TextField
          label="New name"
          autoComplete="off"
          maxLength={PasskeyLimits.nameMax}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <div className="form-row-action">
          <SubmitButton submitting={isSubmitting} label="Save" pendingLabel="Saving…" />{' '}
          <button type="button" className="button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
