import {
  CreateStoreConnectionRequest,
  STORE_PROVIDERS,
  StoreLimits,
  UpdateStoreConnectionRequest,
  type CreatedStoreConnection,
  type StoreConnection,
  type StoreProvider,
} from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateStoreConnection, useUpdateStoreConnection } from '../api/store-connections';
import { PROVIDER_LABELS, SECRET_HINTS } from '../utils/store-words';

interface ConnectionValues {
  provider: StoreProvider;
  name: string;
  signingSecret: string;
}

/** The body sent: the name trimmed; the secret only when typed (and never for `generic`, whose secret Latchkey makes). */
function toBody({ provider, name, signingSecret }: ConnectionValues) {
  const secret = provider === 'generic' ? '' : signingSecret.trim();
  return { provider, name: name.trim(), ...(secret ? { signingSecret: secret } : {}) };
}

const PROVIDER_OPTIONS = STORE_PROVIDERS.map((provider) => ({
  value: provider,
  label: provider === 'generic' ? 'Signed webhook (any other store or your own checkout)' : PROVIDER_LABELS[provider],
}));

/**
 * Connects a store (then hands the answer, with a generic connection's
 * one-time secret, to `onCreated`), or renames `connection` and takes its
 * store's new signing secret. Every store but `generic` needs the secret the
 * store signs its webhooks with; the form asks for it before sending.
 */
export function ConnectionFormDialog({
  appId,
  connection,
  open,
  onOpenChange,
  onCreated,
}: CreateDialogProps & {
  connection?: StoreConnection;
  onCreated?: (created: CreatedStoreConnection) => void;
}) {
  const editing = connection !== undefined;
  const createMutation = useCreateStoreConnection(appId);
  const updateMutation = useUpdateStoreConnection(appId);
  const empty: ConnectionValues = {
    provider: connection?.provider ?? 'stripe',
    name: connection?.name ?? '',
    signingSecret: '',
  };
  const { form, errors, ...submit } = useApiForm<ConnectionValues>(
    {
      resolver: shapeResolver<ConnectionValues>(
        editing ? UpdateStoreConnectionRequest : CreateStoreConnectionRequest,
        editing
          ? {}
          : {
              signingSecret: (secret, values) =>
                values.provider === 'generic' || secret.trim() !== '' || 'Paste the store’s webhook signing secret',
            },
        (values) => (editing ? omitProvider(toBody(values)) : toBody(values)),
      ),
      values: empty,
    },
    async (values, form) => {
      const body = toBody(values);
      if (editing) {
        await updateMutation.mutateAsync({ connectionId: connection.id, ...omitProvider(body) });
      } else {
        onCreated?.(await createMutation.mutateAsync(body));
      }
      onOpenChange(false);
      form.reset();
      return editing ? 'Connection saved' : 'Store connected';
    },
  );
  const provider = form.watch('provider');

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={editing ? `Edit ${connection.name}` : 'Connect a store'}
      description={
        editing
          ? 'Rename it, or paste the store’s new signing secret after you rolled it there.'
          : 'Latchkey gives you a webhook URL to paste into the store; each paid order then becomes keys.'
      }
      form={submit}
      submitLabel={editing ? 'Save' : 'Connect'}
      pendingLabel="Saving…"
    >
      {editing ? null : (
        <SelectField
          label="Store"
          options={PROVIDER_OPTIONS}
          error={errors.provider?.message}
          {...form.register('provider')}
        />
      )}
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={StoreLimits.nameMax}
        placeholder="e.g. Main shop"
        hint="Yours, to tell connections apart."
        error={errors.name?.message}
        {...form.register('name')}
      />
      {provider === 'generic' ? (
        editing ? null : (
          <p className="muted">
            Latchkey makes this connection’s signing secret and shows it once, after you connect. Your checkout signs
            each event with it (docs/selling.md, “Any other store”).
          </p>
        )
      ) : (
        <TextField
          label={editing ? 'New signing secret (optional)' : 'Signing secret'}
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={StoreLimits.signingSecretMax}
          hint={`${SECRET_HINTS[provider]}${editing ? ' Leave empty to keep the current one.' : ''}`}
          error={errors.signingSecret?.message}
          {...form.register('signingSecret')}
        />
      )}
    </FormDialog>
  );
}

function omitProvider<T extends { provider: StoreProvider }>({ provider: _provider, ...rest }: T): Omit<T, 'provider'> {
  return rest;
}
