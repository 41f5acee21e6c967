import { AppLimits, type App, type UpdateAppRequest } from '@latchkey/contracts';
import { useForm, type FieldNamesMarkedBoolean } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { intInRange } from '@/lib/validation';
import { useUpdateApp } from '../api/update-app';
import { describeSeconds } from './duration';
import '../apps.css';

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

/** Only what the owner changed, so a save never overwrites another change made meanwhile. */
function toRequest(values: SettingsValues, dirty: Partial<FieldNamesMarkedBoolean<SettingsValues>>): UpdateAppRequest {
  const body: UpdateAppRequest = {};
  if (dirty.name) body.name = values.name.trim();
  if (dirty.version) body.version = values.version.trim();
  if (dirty.updateUrl) body.updateUrl = values.updateUrl.trim() || null;
  if (dirty.enabled) body.enabled = values.enabled;
  if (dirty.hwidLock) body.hwidLock = values.hwidLock;
  if (dirty.sessionTtlSeconds) body.sessionTtlSeconds = values.sessionTtlSeconds;
  if (dirty.sessionIdleSeconds) body.sessionIdleSeconds = values.sessionIdleSeconds;
  if (dirty.rateLimitPerMinute) body.rateLimitPerMinute = values.rateLimitPerMinute;
  if (dirty.offlineTicketSeconds) body.offlineTicketSeconds = values.offlineTicketSeconds;
  return body;
}

function textLength(field: string, max: number) {
  return (value: string) => {
    const length = value.trim().length;
    return length >= 1 && length <= max ? true : `${field} must be 1-${max} characters`;
  };
}

/** The API takes an absolute http or https URL of at most 2048 characters, or none. */
function validUpdateUrl(value: string): true | string {
  const text = value.trim();
  if (text === '') return true;
  if (text.length > AppLimits.updateUrlMax) return `updateUrl must be at most ${AppLimits.updateUrlMax} characters`;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return true;
  } catch {
    // not a URL at all: same message as the wrong protocol
  }
  return 'updateUrl must be an http or https URL';
}

/** The field's rule, then the current value in words ("Now: 1 day.") once it is a valid count. */
function secondsHint(seconds: number, rule: string, zero = '0 seconds'): string {
  const words = seconds === 0 ? zero : describeSeconds(seconds);
  return words ? `${rule} Now: ${words}.` : rule;
}

/**
 * Every setting of the app in one form, checked with the API's limits before
 * sending; the API's message goes under the field it names, or above the form.
 */
export function AppSettingsForm({ app }: { app: App }) {
  const form = useForm<SettingsValues>({
    values: toValues(app),
    // A refetch of the app (another tab saved) does not throw away what is being typed.
    resetOptions: { keepDirtyValues: true },
  });
  const updateMutation = useUpdateApp(app.appId);
  const { errors, isSubmitting, isDirty } = form.formState;
  const [sessionTtl, sessionIdle, offlineTicket] = form.watch([
    'sessionTtlSeconds',
    'sessionIdleSeconds',
    'offlineTicketSeconds',
  ]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateMutation.mutateAsync(toRequest(values, form.formState.dirtyFields));
      form.reset(toValues(updated), RESET_ALL);
      toast.success('Settings saved');
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="settings-form-heading"
      noValidate
    >
      <h2 id="settings-form-heading">Application settings</h2>
      <FormError message={errors.root?.server?.message} />

      <fieldset className="settings-group">
        <legend>Identity</legend>
        <div className="form-grid">
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={AppLimits.nameMax}
            error={errors.name?.message}
            {...form.register('name', { validate: textLength('name', AppLimits.nameMax) })}
          />
          <TextField
            label="Version"
            autoComplete="off"
            hint="Returned by init: your software compares it with its own to offer an update."
            error={errors.version?.message}
            {...form.register('version', { validate: textLength('version', AppLimits.versionMax) })}
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
            {...form.register('updateUrl', { validate: validUpdateUrl })}
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
          <TextField
            label="Session lifetime (seconds)"
            type="number"
            inputMode="numeric"
            min={AppLimits.sessionSecondsMin}
            max={AppLimits.sessionSecondsMax}
            hint={secondsHint(sessionTtl, 'A session ends this long after sign-in, 60 to 31536000.')}
            error={errors.sessionTtlSeconds?.message}
            {...form.register('sessionTtlSeconds', {
              valueAsNumber: true,
              validate: intInRange('sessionTtlSeconds', AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax),
            })}
          />
          <TextField
            label="Idle timeout (seconds)"
            type="number"
            inputMode="numeric"
            min={AppLimits.sessionSecondsMin}
            max={AppLimits.sessionSecondsMax}
            hint={secondsHint(sessionIdle, 'A session ends after this long without a request, 60 to 31536000.')}
            error={errors.sessionIdleSeconds?.message}
            {...form.register('sessionIdleSeconds', {
              valueAsNumber: true,
              validate: intInRange('sessionIdleSeconds', AppLimits.sessionSecondsMin, AppLimits.sessionSecondsMax),
            })}
          />
          <TextField
            label="Rate limit (requests per minute)"
            type="number"
            inputMode="numeric"
            min={0}
            max={AppLimits.rateLimitPerMinuteMax}
            hint="Per IP address, for register, login, license and upgrade. 0 turns the limit off."
            error={errors.rateLimitPerMinute?.message}
            {...form.register('rateLimitPerMinute', {
              valueAsNumber: true,
              validate: intInRange('rateLimitPerMinute', 0, AppLimits.rateLimitPerMinuteMax),
            })}
          />
          <TextField
            label="Offline ticket lifetime (seconds)"
            type="number"
            inputMode="numeric"
            min={0}
            max={AppLimits.offlineTicketSecondsMax}
            hint={secondsHint(
              offlineTicket,
              'How long your software may run without reaching the service, on a signed ticket. 0 hands out none; at most 2592000 (30 days).',
              'no tickets',
            )}
            error={errors.offlineTicketSeconds?.message}
            {...form.register('offlineTicketSeconds', {
              valueAsNumber: true,
              validate: intInRange('offlineTicketSeconds', 0, AppLimits.offlineTicketSecondsMax),
            })}
          />
        </div>
      </fieldset>

      <div className="button-row settings-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </button>
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
