import { AppLimits, UpdateAppRequest, type App } from '@latchkey/contracts';
import type { FieldNamesMarkedBoolean } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useUpdateApp } from '../api/update-app';
import { describeSeconds } from './duration';
import '../apps.css';

// The ranges of the number inputs, the API's (AppLimits).
const SESSION_SECONDS = { min: AppLimits.sessionSecondsMin, max: AppLimits.sessionSecondsMax } as const;
const SESSION_RANGE = `${SESSION_SECONDS.min} to ${SESSION_SECONDS.max}`;
const RATE_LIMIT_PER_MINUTE = { min: AppLimits.rateLimitPerMinuteMin, max: AppLimits.rateLimitPerMinuteMax } as const;
const OFFLINE_TICKET_SECONDS = {
  min: AppLimits.offlineTicketSecondsMin,
  max: AppLimits.offlineTicketSecondsMax,
} as const;

interface SettingsValues {
  name: string;
  version: string;
  /** '' = no update URL (sent as null) */
  updateUrl: string;
  enabled: boolean;
  hwidLock: boolean;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  rateLimitPerMinute: number;
  offlineTicketSeconds: number;
}

/** An explicit reset replaces the typed values too (`resetOptions` below would keep them). */
const RESET_ALL = { keepDirtyValues: false };

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

/** Every setting as sent: text trimmed, no update URL sent as null. */
function toBody(values: SettingsValues): UpdateAppRequest {
  return {
    ...values,
    name: values.name.trim(),
    version: values.version.trim(),
    updateUrl: values.updateUrl.trim() || null,
  };
}

/** Only what the owner changed, so a save never overwrites another change made meanwhile. */
function toRequest(values: SettingsValues, dirty: Partial<FieldNamesMarkedBoolean<SettingsValues>>): UpdateAppRequest {
  const body = toBody(values);
  return Object.fromEntries(Object.entries(body).filter(([field]) => dirty[field as keyof SettingsValues]));
}

/** The field's rule, then the current value in words ("Now: 1 day.") once it is a valid count. */
function secondsHint(seconds: number, rule: string, zero = '0 seconds'): string {
  const words = seconds === 0 ? zero : describeSeconds(seconds);
  return words ? `${rule} Now: ${words}.` : rule;
}

/**
 * Every setting of the app in one form, checked before sending with the API's
 * own rules (the contracts' request shape) on the body as sent; the API's
 * message goes under the field it names, or above the form.
 */
export function AppSettingsForm({ app }: { app: App }) {
  const updateMutation = useUpdateApp(app.appId);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<SettingsValues>(
    {
      // All settings are checked, changed or not: the loaded ones pass the same rules.
      resolver: shapeResolver(UpdateAppRequest, {}, toBody),
      values: toValues(app),
      // A refetch of the app (another tab saved) does not throw away what is being typed.
      resetOptions: { keepDirtyValues: true },
    },
    async (values, form) => {
      const updated = await updateMutation.mutateAsync(toRequest(values, form.formState.dirtyFields));
      form.reset(toValues(updated), RESET_ALL);
      return 'Settings saved';
    },
  );
  const { isDirty } = form.formState;
  const [sessionTtl, sessionIdle, offlineTicket] = form.watch([
    'sessionTtlSeconds',
    'sessionIdleSeconds',
    'offlineTicketSeconds',
  ]);

  return (
    <form className="card settings-form" onSubmit={onSubmit} aria-labelledby="settings-form-heading" noValidate>
      <h2 id="settings-form-heading">Application settings</h2>
      <FormError message={rootError} />

      <fieldset className="settings-group">
        <legend>Identity</legend>
        <div className="form-grid">
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={AppLimits.nameMax}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label="Version"
            autoComplete="off"
            hint="Returned by init: your software compares it with its own to offer an update. KeyAuth clients’ ver is compared with it when the KeyAuth page’s version check is on."
            error={errors.version?.message}
            {...form.register('version')}
          />
          <TextField
            label="Update URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/download"
            hint="Where users get the new version, returned by init. Leave empty for none."
            className="span-2"
            error={errors.updateUrl?.message}
            {...form.register('updateUrl')}
          />
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Access</legend>
        <CheckboxField
          label="Application enabled"
          hint="When off, every request of your software is refused with “Application is disabled”."
          {...form.register('enabled')}
        />
        <CheckboxField
          label="HWID lock"
          hint="Each user is tied to the first hardware ID their software sends; another machine gets “Hardware ID mismatch”."
          {...form.register('hwidLock')}
        />
      </fieldset>

      <fieldset className="settings-group">
        <legend>Sessions and limits</legend>
        <div className="form-grid">
          <IntegerField
            form={form}
            name="sessionTtlSeconds"
            label="Session lifetime (seconds)"
            {...SESSION_SECONDS}
            hint={secondsHint(sessionTtl, `A session ends this long after sign-in, ${SESSION_RANGE}.`)}
          />
          <IntegerField
            form={form}
            name="sessionIdleSeconds"
            label="Idle timeout (seconds)"
            {...SESSION_SECONDS}
            hint={secondsHint(sessionIdle, `A session ends after this long without a request, ${SESSION_RANGE}.`)}
          />
          <IntegerField
            form={form}
            name="rateLimitPerMinute"
            label="Rate limit (requests per minute)"
            {...RATE_LIMIT_PER_MINUTE}
            hint="Per IP address, for register, login, license and upgrade. 0 turns the limit off."
          />
          <IntegerField
            form={form}
            name="offlineTicketSeconds"
            label="Offline ticket lifetime (seconds)"
            {...OFFLINE_TICKET_SECONDS}
            hint={secondsHint(
              offlineTicket,
              'How long your software may run without reaching the service, on a signed ticket. 0 hands out none; at most 2592000 (30 days).',
              'no tickets',
            )}
          />
        </div>
      </fieldset>

      <div className="button-row settings-actions">
        <SubmitButton submitting={isSubmitting} label="Save settings" pendingLabel="Saving…" disabled={!isDirty} />
        <button
          type="button"
          className="button button-secondary"
          disabled={isSubmitting || !isDirty}
          onClick={() => form.reset(toValues(app), RESET_ALL)}
        >
          Discard changes
        </button>
      </div>
    </form>
  );
}
