import {
  FieldMessage,
  LATEST_EXPIRY,
  LATEST_EXPIRY_MS,
  SetUserExpiryRequest,
  type AdminUser,
} from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useSetUserExpiry } from '../api/set-user-expiry';

interface ExpiryValues {
  lifetime: boolean;
  /** a `datetime-local` value: the moment in the viewer's time zone */
  expiresAtLocal: string;
}

/** `at` as a `datetime-local` value in the viewer's time zone (to the minute). */
function toLocalInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The request the form sends: a lifetime user has no expiry; an unreadable moment is left for the API to refuse. */
function expiryBody({ lifetime, expiresAtLocal }: ExpiryValues): SetUserExpiryRequest {
  if (lifetime) return { expiresAt: null };
  const at = new Date(expiresAtLocal);
  return { expiresAt: Number.isNaN(at.getTime()) ? expiresAtLocal : at.toISOString() };
}

/** The moment's own rules, in the API's words for `expiresAt` (which the form sends instead). */
function expiresAtLocalRule(value: string, { lifetime }: ExpiryValues): true | string {
  if (lifetime) return true;
  const at = new Date(value).getTime();
  if (value === '' || Number.isNaN(at)) return FieldMessage.timestampOrNull('expiresAt');
  return at <= LATEST_EXPIRY_MS || `expiresAt must be at most ${LATEST_EXPIRY}`;
}

/**
 * Sets a user's expiry to a chosen moment, the past included, so a vendor can
 * try their software's expiry screen; or makes the user lifetime.
 */
export function SetExpiryDialog({ appId, user, onClose }: { appId: string; user: AdminUser; onClose: () => void }) {
  const mutation = useSetUserExpiry(appId);
  const { form, errors, ...submit } = useApiForm<ExpiryValues>(
    {
      resolver: shapeResolver<ExpiryValues>(SetUserExpiryRequest, { expiresAtLocal: expiresAtLocalRule }, expiryBody),
      defaultValues: {
        lifetime: user.expiresAt === null,
        expiresAtLocal: toLocalInput(user.expiresAt ? new Date(user.expiresAt) : new Date()),
      },
    },
    async (values) => {
      const changed = await mutation.mutateAsync({ userId: user.userId, body: expiryBody(values) });
      onClose();
      if (changed.expiresAt === null) return `${user.username} never expires`;
      const past = new Date(changed.expiresAt).getTime() <= Date.now();
      return `${user.username} ${past ? 'expired' : 'expires'} ${new Date(changed.expiresAt).toLocaleString()}`;
    },
  );
  const lifetime = form.watch('lifetime');
  return (
    <FormDialog
      onClose={onClose}
      title={`Set the expiry of ${user.username}`}
      description="Any moment, the past included: a moment already past refuses the user's next call as expired, so you can try your software's expiry screen."
      form={submit}
      submitLabel="Set expiry"
      pendingLabel="Saving…"
    >
      <CheckboxField label="Lifetime (never expires)" {...form.register('lifetime')} />
      {lifetime ? null : (
        <TextField
          label="Expires at"
          type="datetime-local"
          hint="Your time."
          error={errors.expiresAtLocal?.message}
          {...form.register('expiresAtLocal')}
        />
      )}
    </FormDialog>
  );
}
