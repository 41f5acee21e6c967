import type { CreatedPersonalAccessToken, PersonalAccessToken } from '@latchkey/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { Skeleton } from '@/components/ui/skeleton';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { TokenNotice } from './token-notice';
import '@/components/ui/table.css';

const NAME_MAX = 64;
const EXPIRY_DAYS_MAX = 3650;

interface TokenValues {
  name: string;
  /** empty: the token lives until revoked */
  expiresInDays: string;
}

/** Personal access tokens: create (shown once), list, revoke. */
export function TokensSection() {
  const tokens = useTokens();
  const [created, setCreated] = useState<CreatedPersonalAccessToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);
  const revoke = useRevokeToken();

  return (
    <section className="card stack" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Personal access tokens</h2>
      <p className="muted">For scripts and CI: a token acts as you on the admin API until it expires or is revoked.</p>
      {created ? <TokenNotice token={created} onDismiss={() => setCreated(null)} /> : null}
      <CreateTokenForm onCreated={setCreated} />
      {tokens.error ? <ErrorAlert error={tokens.error} /> : null}
      {tokens.isPending ? (
        <Skeleton height="4em" />
      ) : tokens.data && tokens.data.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table" aria-label="Personal access tokens">
            <thead>
              <tr>
                <th>Name</th>
                <th>Created</th>
                <th>Last used</th>
                <th>Expires</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.data.map((token) => (
                <tr key={token.id}>
                  <td>{token.name}</td>
                  <td>
                    <DateTime value={token.createdAt} />
                  </td>
                  <td>
                    <DateTime value={token.lastUsedAt} empty="Never" />
                  </td>
                  <td>
                    <DateTime value={token.expiresAt} empty="Never" />
                  </td>
                  <td className="col-actions">
                    <button
                      type="button"
                      className="button button-danger button-small"
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No personal access tokens yet.</p>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'token'}?`}
        description="Anything using this token stops working at once. This cannot be undone."
        confirmLabel="Revoke token"
        onConfirm={async () => {
          await revoke.mutateAsync(revoking!.id);
          toast.success(`Token ${revoking!.name} revoked`);
          setRevoking(null);
        }}
      />
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedPersonalAccessToken) => void }) {
  const form = useForm<TokenValues>({ defaultValues: { name: '', expiresInDays: '' } });
  const create = useCreateToken();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const days = values.expiresInDays.trim();
    try {
      const token = await create.mutateAsync({
        name: values.name.trim(),
        ...(days ? { expiresInDays: Number(days) } : {}),
      });
      form.reset();
      toast.success(`Token ${token.name} created`);
      onCreated(token);
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="New personal access token" noValidate>
      <FormError message={errors.root?.server?.message} />
      <div className="form-row">
        <TextField
          label="Token name"
          autoComplete="off"
          maxLength={NAME_MAX}
          error={errors.name?.message}
          {...form.register('name', {
            validate: (value) => (value.trim().length > 0 ? true : 'Enter a name'),
          })}
        />
        <TextField
          label="Expires in days"
          inputMode="numeric"
          hint="Optional, 1-3650. Empty: until revoked."
          error={errors.expiresInDays?.message}
          {...form.register('expiresInDays', {
            validate: (value) =>
              value.trim() === '' ||
              (/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= EXPIRY_DAYS_MAX) ||
              `expiresInDays must be an integer from 1 to ${EXPIRY_DAYS_MAX}`,
          })}
        />
        <div className="form-row-action">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </div>
    </form>
  );
}
