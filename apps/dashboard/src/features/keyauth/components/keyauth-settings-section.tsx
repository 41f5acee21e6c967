import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { CopyField } from '@/components/ui/copy-field';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { useKeyAuthSettings } from '../api/get-keyauth-settings';
import { KEYAUTH_VERSIONS, KeyAuthLimits, type KeyAuthSettings } from '@latchkey/contracts';
import { useUpdateKeyAuthSettings } from '../api/update-keyauth-settings';
import { KeyAuthClientNotes } from './keyauth-client-notes';
import {
  keyAuthRules,
  nextSubscriptionLevel,
  subscriptionLevelRule,
  toFormValues,
  toRequest,
  type KeyAuthFormValues,
} from './keyauth-form-values';
import { KeyAuthSecretControls } from './keyauth-secret-controls';
import { SellerKeySection } from './seller-key-section';
import '../keyauth.css';

/** An explicit reset replaces the typed values too (`resetOptions` below would keep them). */
const RESET_ALL = { keepDirtyValues: false };

function KeyAuthSettingsForm({
  appId,
  appVersion,
  settings,
}: {
  appId: string;
  appVersion: string;
  settings: KeyAuthSettings;
}) {
  const updateMutation = useUpdateKeyAuthSettings(appId);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<KeyAuthFormValues>(
    {
      values: toFormValues(settings),
      // A refetch (after a secret change, another tab) does not throw away what is being typed.
      resetOptions: { keepDirtyValues: true },
    },
    async (values, form) => {
      const updated = await updateMutation.mutateAsync(toRequest(values));
      form.reset(toFormValues(updated), RESET_ALL);
      return 'KeyAuth settings saved';
    },
  );
  const subscriptionRows = useFieldArray({ control: form.control, name: 'subscriptionNames' });
  const { isDirty } = form.formState;
  const subscriptionNamesError = errors.subscriptionNames?.message ?? errors.subscriptionNames?.root?.message;

  return (
    <form className="settings-form" onSubmit={onSubmit} aria-label="KeyAuth compatibility settings" noValidate>
      <FormError message={rootError} />

      <CheckboxField
        label="Answer KeyAuth clients"
        hint="Off: requests to the KeyAuth URLs get KeyAuth_Invalid, as for an unknown application."
        {...form.register('enabled')}
      />

      <fieldset className="settings-group">
        <legend>What your clients send</legend>
        <div className="form-grid">
          <TextField
            label="Owner ID (ownerid)"
            autoComplete="off"
            spellCheck={false}
            maxLength={KeyAuthLimits.ownerIdLength}
            hint="10 letters or digits. Clients already shipped keep theirs: enter it here."
            error={errors.ownerId?.message}
            {...form.register('ownerId', { validate: keyAuthRules.ownerId })}
          />
          <TextField
            label="Application name (name)"
            autoComplete="off"
            maxLength={KeyAuthLimits.nameMax}
            hint="The name compiled into your clients; with the owner ID, unique on this server."
            error={errors.name?.message}
            {...form.register('name', { validate: keyAuthRules.name })}
          />
        </div>
      </fieldset>

      <fieldset className="settings-group" aria-describedby={errors.versions ? 'keyauth-versions-error' : undefined}>
        <legend>Protocol versions accepted</legend>
        <div className="keyauth-versions">
          {KEYAUTH_VERSIONS.map((version) => (
            <CheckboxField
              key={version}
              label={`KeyAuth ${version}`}
              value={version}
              {...form.register('versions', { validate: keyAuthRules.versions })}
            />
          ))}
        </div>
        {errors.versions?.message ? (
          <p className="field-error" id="keyauth-versions-error">
            {errors.versions.message}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="settings-group">
        <legend>Subscription names</legend>
        <p className="field-hint">
          KeyAuth clients show a subscription name; a level without one here is “{KeyAuthLimits.defaultSubscriptionName}
          ”.
        </p>
        {subscriptionRows.fields.map((row, index) => (
          <div className="keyauth-subscription-row" key={row.id}>
            <IntegerField
              form={form}
              name={`subscriptionNames.${index}.level`}
              label="Level"
              min={KeyAuthLimits.levelMin}
              max={KeyAuthLimits.levelMax}
              validate={(level) => subscriptionLevelRule(form.getValues('subscriptionNames'), index)(level)}
            />
            <TextField
              label="Subscription name"
              autoComplete="off"
              maxLength={KeyAuthLimits.subscriptionNameMax}
              error={errors.subscriptionNames?.[index]?.name?.message}
              {...form.register(`subscriptionNames.${index}.name`, { validate: keyAuthRules.subscriptionName })}
            />
            <button
              type="button"
              className="button button-secondary keyauth-row-action"
              aria-label={`Remove row ${index + 1} of the subscription names`}
              onClick={() => subscriptionRows.remove(index)}
            >
              Remove
            </button>
          </div>
        ))}
        {subscriptionNamesError ? <p className="field-error">{subscriptionNamesError}</p> : null}
        <div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              subscriptionRows.append({ level: nextSubscriptionLevel(form.getValues('subscriptionNames')), name: '' })
            }
          >
            Add subscription name
          </button>
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend>Optional requests</legend>
        <CheckboxField
          label="fetchOnline"
          hint="Lists the usernames of everyone signed in to any client that asks: it discloses your users’ names."
          {...form.register('fetchOnline')}
        />
        <CheckboxField
          label="ban (client self-ban)"
          hint="A client may ban its own user (anti-tamper): the user is banned and its HWID and IP blacklisted."
          {...form.register('selfBan')}
        />
      </fieldset>

      <fieldset className="settings-group">
        <legend>Version check</legend>
        <CheckboxField
          label="Refuse other versions"
          hint={`init answers “invalidver” to a client whose ver is not this application’s version (${appVersion}): the one version field, set on the Settings page.`}
          {...form.register('checkVersion')}
        />
        <div className="form-grid">
          <TextField
            label="Download URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/download"
            hint="Sent with invalidver so the client can offer the update. Empty for none."
            error={errors.downloadUrl?.message}
            {...form.register('downloadUrl', { validate: keyAuthRules.downloadUrl })}
          />
        </div>
      </fieldset>

      <div className="button-row settings-actions">
        <SubmitButton
          submitting={isSubmitting}
          label="Save KeyAuth settings"
          pendingLabel="Saving…"
          disabled={!isDirty}
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={isSubmitting || !isDirty}
          onClick={() => form.reset(toFormValues(settings), RESET_ALL)}
        >
          Discard changes
        </button>
      </div>
    </form>
  );
}

/**
 * The app's KeyAuth compatibility (the KeyAuth page, for roles with `keyauth`):
 * the settings form, the 1.2 secret, the URLs and public key KeyAuth clients
 * need, and where each official client keeps them.
 */
export function KeyAuthSettingsSection({ appId, appVersion }: { appId: string; appVersion: string }) {
  const headingId = useId();
  const settingsQuery = useKeyAuthSettings(appId);
  const settings = settingsQuery.data;

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>KeyAuth compatibility</h2>
      <p className="muted">
        Lets software built on KeyAuth’s client libraries use this application with only its URL and public key changed:
        same requests, same answers, this service’s rules.
      </p>
      {settings ? (
        <>
          <KeyAuthSettingsForm appId={appId} appVersion={appVersion} settings={settings} />
          <div className="settings-divider stack">
            <KeyAuthSecretControls appId={appId} secretSet={settings.secretSet} />
          </div>
          <div className="settings-divider stack">
            <SellerKeySection appId={appId} enabled={settings.enabled} />
          </div>
          <div className="settings-divider stack">
            <h3>For your clients</h3>
            <CopyField
              label="KeyAuth 1.3 URL"
              value={settings.endpoints.v13}
              hint="Where 1.3 clients send their requests."
            />
            <CopyField
              label="KeyAuth 1.2 URL"
              value={settings.endpoints.v12}
              hint="Where 1.2 clients send their requests."
            />
            <CopyField
              label="Public key (hex)"
              value={settings.publicKeyHex}
              hint="This application’s Ed25519 key in the hex form KeyAuth clients embed: it checks the x-signature-ed25519 header of 1.3 answers."
            />
            <KeyAuthClientNotes endpoints={settings.endpoints} publicKeyHex={settings.publicKeyHex} />
          </div>
        </>
      ) : settingsQuery.error ? (
        <ErrorAlert error={settingsQuery.error} title="Could not load the KeyAuth settings" />
      ) : (
        <Skeleton height="24rem" />
      )}
    </section>
  );
}
