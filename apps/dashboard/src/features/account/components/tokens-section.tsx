import {
  AccountLimits,
  CreatePersonalAccessTokenRequest,
  MEMBER_ROLES,
  type CreatedPersonalAccessToken,
  type MemberRole,
  type PersonalAccessToken,
} from '@latchkey/contracts';
import { useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { IntegerField } from '@/components/ui/integer-field';
import { SimpleTable } from '@/components/ui/simple-table';
import { Skeleton } from '@/components/ui/skeleton';
import { ROLE_LABELS } from '@/components/domain/role-badge';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { TokenNotice } from './token-notice';

const { tokenExpiresInDaysMin: EXPIRY_DAYS_MIN, tokenExpiresInDaysMax: EXPIRY_DAYS_MAX } = AccountLimits;

interface TokenValues {
  name: string;
  /** NaN (left empty): the token lives until revoked */
  expiresInDays: number;
  /** '' : the token acts with its holder's role on each app */
  maxRole: MemberRole | '';
}

/** The body sent: the name trimmed, an empty expiry and "no limit" left out. */
function toBody({ name, expiresInDays, maxRole }: TokenValues): CreatePersonalAccessTokenRequest {
  return {
    name: name.trim(),
    ...(Number.isNaN(expiresInDays) ? {} : { expiresInDays }),
    ...(maxRole ? { maxRole } : {}),
  };
}

/** A blank name in the form's own words (the API's would be its length rule). */
const ENTER_NAME = { name: (name: string) => name.trim().length > 0 || 'Enter a name' };

const MAX_ROLE_OPTIONS = [
  { value: '', label: 'No limit: your role on each app' },
  ...MEMBER_ROLES.map((role) => ({ value: role, label: `${ROLE_LABELS[role]} at most` })),
];

/** Personal access tokens: create (shown once), list, revoke. */
export function TokensSection() {
  const tokens = useTokens();
  const [created, setCreated] = useState<CreatedPersonalAccessToken | null>(null);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);
  const revoke = useRevokeToken();

  return (
    <section className="card stack" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Personal access tokens</h2>
      <p className="muted">
        For scripts and CI: a token acts as you on the admin API until it expires or is revoked. Limited to a role, it
        acts with the weaker of that role and yours on each application.
      </p>
      {created ? <TokenNotice token={created} onDismiss={() => setCreated(null)} /> : null}
      <CreateTokenForm onCreated={setCreated} />
      {tokens.error ? <ErrorAlert error={tokens.error} /> : null}
      {tokens.isPending ? (
        <Skeleton height="4em" />
      ) : tokens.data && tokens.data.data.length > 0 ? (
        <SimpleTable label="Personal access tokens" headers={['Name', 'Limited to', 'Created', 'Last used', 'Expires']}>
          {tokens.data.data.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <td>{token.maxRole ? ROLE_LABELS[token.maxRole] : <span className="muted">No limit</span>}</td>
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
                <button type="button" className="button button-danger button-small" onClick={() => setRevoking(token)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </SimpleTable>
      ) : (
        <p className="muted">No personal access tokens yet.</p>
      )}
      <RowConfirmDialog
        row={revoking}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'token'}?`}
        description="Anything using this token stops working at once. This cannot be undone."
        confirmLabel="Revoke token"
        onConfirm={async (row) => {
          await revoke.mutateAsync(row.id);
          return `Token ${row.name} revoked`;
        }}
      />
    </section>
  );
}

/** Checked before sending with the API's own rules (the contracts' request shape), on the body it sends. */
function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedPersonalAccessToken) => void }) {
  const create = useCreateToken();
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<TokenValues>(
    {
      resolver: shapeResolver<TokenValues>(CreatePersonalAccessTokenRequest, ENTER_NAME, toBody),
      defaultValues: { name: '', expiresInDays: NaN, maxRole: '' },
    },
    async (values, form) => {
      const token = await create.mutateAsync(toBody(values));
      form.reset();
      onCreated(token);
      return `Token ${token.name} created`;
    },
  );

  return (
    <form onSubmit={onSubmit} aria-label="New personal access token" noValidate>
      <FormError message={rootError} />
      <div className="form-row">
        <TextField
          label="Token name"
          autoComplete="off"
          maxLength={AccountLimits.tokenNameMax}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <IntegerField
          form={form}
          name="expiresInDays"
          label="Expires in days"
          min={EXPIRY_DAYS_MIN}
          max={EXPIRY_DAYS_MAX}
          optional
          hint={`Optional, ${EXPIRY_DAYS_MIN}-${EXPIRY_DAYS_MAX}. Empty: until revoked.`}
        />
        <SelectField
          label="Limit to role"
          options={MAX_ROLE_OPTIONS}
          hint="Optional: the most it may do on any application."
          {...form.register('maxRole')}
        />
        <div className="form-row-action">
          <SubmitButton submitting={isSubmitting} label="Create token" pendingLabel="Creating…" />
        </div>
      </div>
    </form>
  );
}
