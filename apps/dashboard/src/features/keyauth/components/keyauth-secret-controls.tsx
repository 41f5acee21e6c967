import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-fields';
import { SecretField } from '@/components/ui/secret-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { toast } from '@/lib/toast';
import { useRevealKeyAuthSecret, useSetKeyAuthSecret } from '../api/keyauth-secret';
import { SetKeyAuthSecretRequest } from '@latchkey/contracts';

/** The request the dialog sends: the secret a vendor's 1.2 clients were built with, trimmed. */
function secretBody({ secret }: { secret: string }): SetKeyAuthSecretRequest {
  return { secret: secret.trim() };
}

function SetExistingSecretDialog({
  appId,
  onClose,
  onSet,
}: {
  appId: string;
  onClose: () => void;
  onSet: (secret: string) => void;
}) {
  const setMutation = useSetKeyAuthSecret(appId);
  const { form, errors, ...submit } = useApiForm<{ secret: string }>(
    // Checked before sending with the API's own rule (the contracts' request shape): 64 hex characters.
    { resolver: shapeResolver(SetKeyAuthSecretRequest, {}, secretBody), defaultValues: { secret: '' } },
    async (values) => {
      onSet(await setMutation.mutateAsync(secretBody(values)));
      onClose();
      return '1.2 secret set';
    },
  );
  return (
    <FormDialog
      onClose={onClose}
      title="Set existing secret"
      description="For clients already shipped with their KeyAuth secret compiled in: answers to 1.2 clients are signed with it from now on."
      form={submit}
      submitLabel="Set secret"
      pendingLabel="Setting…"
    >
      <TextField
        label="Secret"
        className="mono"
        autoComplete="off"
        spellCheck={false}
        hint="The 64 hexadecimal characters of your application’s KeyAuth secret."
        error={errors.secret?.message}
        {...form.register('secret')}
      />
    </FormDialog>
  );
}

/**
 * The 1.2 secret: hidden until "Show" asks the API for it, rotated after a
 * confirmation, or replaced by the one shipped clients were built with.
 */
export function KeyAuthSecretControls({ appId, secretSet }: { appId: string; secretSet: boolean }) {
  const revealMutation = useRevealKeyAuthSecret(appId);
  const rotateMutation = useSetKeyAuthSecret(appId);
  const [shown, setShown] = useState<string | null>(null);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const [settingExisting, setSettingExisting] = useState(false);

  return (
    <div className="stack-sm">
      <h3>Protocol 1.2 secret</h3>
      <p className="muted">
        1.2 clients check an HMAC of every answer made with this secret. It is stored encrypted and shown only on
        request.
        {secretSet ? null : ' None yet: one is generated when you first save these settings.'}
      </p>
      {shown !== null ? <SecretField label="1.2 secret" value={shown} copiedMessage="1.2 secret copied" /> : null}
      <ErrorAlert error={revealMutation.error} />
      <div className="button-row">
        {shown === null ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={!secretSet || revealMutation.isPending}
            onClick={() => revealMutation.mutate(undefined, { onSuccess: setShown })}
          >
            {revealMutation.isPending ? 'Showing…' : 'Show secret'}
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setShown(null)}>
            Hide secret
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={() => setConfirmingRotate(true)}>
          Rotate secret
        </button>
        <button type="button" className="button button-secondary" onClick={() => setSettingExisting(true)}>
          Set existing secret
        </button>
      </div>
      <ConfirmDialog
        open={confirmingRotate}
        onOpenChange={setConfirmingRotate}
        title="Rotate the 1.2 secret?"
        description="A new random secret replaces the current one at once: every 1.2 client built with the current secret rejects the answers until it is rebuilt with the new one."
        confirmLabel="Rotate secret"
        onConfirm={async () => {
          setShown(await rotateMutation.mutateAsync({}));
          toast.success('1.2 secret rotated');
        }}
      />
      {settingExisting ? (
        <SetExistingSecretDialog appId={appId} onClose={() => setSettingExisting(false)} onSet={setShown} />
      ) : null}
    </div>
  );
}
