import { ClientLimits, type App } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
import { useUpdateApp } from '../api/update-app';

interface SettingsValues {
  name: string;
  version: string;
  updateUrl: string;
  enabled: boolean;
  hwidLock: boolean;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  rateLimitPerMinute: number;
  offlineTicketSeconds: number;
}

const YEAR_SECONDS = 31_536_000;

function toValues(app: App): SettingsValues {
  return {
    name: app.name,
    version: app.version,
    updateUrl: app.updateUrl ?? '',
    enabled: app.enabled,
    hwidLock: app.hwidLock,
    sessionTtlSeconds: app.sessionTtlSeconds,
    sessionIdleSeconds: app.sessionIdleSeconds,
    rateLimitPerMinute: app.rateLimitPerMinute,
    offlineTicketSeconds: app.offlineTicketSeconds,
  };
}

/** Every setting of the app (contract: PATCH /v1/admin/apps/{appId}), checked with the API's limits before saving. */
export function AppSettingsForm({ app }: { app: App }) {
  const form = useForm<SettingsValues>({ values: toValues(app) });
  const mutation = useUpdateApp(app.appId);
  const { errors, isSubmitting, isDirty } = form.formState;
  type NumberField = 'sessionTtlSeconds' | 'sessionIdleSeconds' | 'rateLimitPerMinute' | 'offlineTicketSeconds';
  const number = (field: NumberField, min: number, max: number) =>
    form.register(field, { valueAsNumber: true, validate: intInRange(field, min, max) });

  const submit = form.handleSubmit(async ({ updateUrl, ...values }) => {
    try {
      await mutation.mutateAsync({ ...values, updateUrl: updateUrl.trim() || null });
      toast.success('Settings saved');
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Application settings">
      <FormError message={errors.root?.server?.message} />
      <div className="form-grid">
        <TextField
          label="Name"
          error={errors.name?.message}
          {...form.register('name', {
            validate: (value) => (value.length >= 1 && value.length <= 64) || 'name must be 1-64 characters',
          })}
        />
        <TextField
          label="Version"
          hint="What init answers; your software compares it to its own to offer updates."
          error={errors.version?.message}
          {...form.register('version', {
            validate: (value) => (value.length >= 1 && value.length <= 32) || 'version must be 1-32 characters',
          })}
        />
        <TextField
          label="Update URL"
          type="url"
          className="span-2"
          hint="Optional: where your software sends users for a new version."
          error={errors.updateUrl?.message}
          {...form.register('updateUrl', {
            validate: (value) =>
              value.trim() === '' || /^https?:\/\/.+/i.test(value.trim()) || 'updateUrl must be an http or https URL',
          })}
        />
        <TextField
          label="Session lifetime (seconds)"
          type="number"
          inputMode="numeric"
          hint="A session ends this long after it starts."
          error={errors.sessionTtlSeconds?.message}
          {...number('sessionTtlSeconds', 60, YEAR_SECONDS)}
        />
        <TextField
          label="Idle timeout (seconds)"
          type="number"
          inputMode="numeric"
          hint="…or this long after its last call, if sooner."
          error={errors.sessionIdleSeconds?.message}
          {...number('sessionIdleSeconds', 60, YEAR_SECONDS)}
        />
        <TextField
          label="Rate limit per minute"
          type="number"
          inputMode="numeric"
          hint="register, login, license and upgrade per IP; 0 turns it off."
          error={errors.rateLimitPerMinute?.message}
          {...number('rateLimitPerMinute', 0, 100_000)}
        />
        <TextField
          label="Offline ticket lifetime (seconds)"
          type="number"
          inputMode="numeric"
          hint="Signed tickets let your software run offline this long; 0 hands out none."
          error={errors.offlineTicketSeconds?.message}
          {...number('offlineTicketSeconds', 0, ClientLimits.offlineTicketSecondsMax)}
        />
      </div>
      <CheckboxField
        label="Enabled"
        hint="A disabled app answers every client call with “Application is disabled”."
        {...form.register('enabled')}
      />
      <CheckboxField
        label="HWID lock"
        hint="Bind each user to the first machine they sign in from."
        {...form.register('hwidLock')}
      />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
