import {
  PORTAL_PATH,
  PORTAL_SIGN_IN_METHODS,
  type PortalSettings,
  type PortalSignInMethod,
  type UpdatePortalSettingsRequest,
} from '@latchkey/contracts';
import { useState, type FormEvent } from 'react';
import { CopyField } from '@/components/ui/copy-field';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/toast';
import { usePortalSettings, useUpdatePortalSettings } from '../api/portal-settings';
import './portal-settings.css';

const METHOD_WORDS: Record<PortalSignInMethod, string> = {
  key: 'License key',
  password: 'Username and password',
  email: 'One-time code by email',
};

/** The customer portal's settings on the app's Settings page: on or off, branding, sign-in and the HWID reset policy. */
export function PortalSettingsCard({ appId, canEdit }: { appId: string; canEdit: boolean }) {
  const settings = usePortalSettings(appId);
  if (settings.error) return <ErrorAlert error={settings.error} />;
  if (!settings.data) return null;
  return <PortalSettingsForm appId={appId} settings={settings.data} canEdit={canEdit} />;
}

function PortalSettingsForm({
  appId,
  settings,
  canEdit,
}: {
  appId: string;
  settings: PortalSettings;
  canEdit: boolean;
}) {
  const update = useUpdatePortalSettings(appId);
  const [draft, setDraft] = useState({
    enabled: settings.enabled,
    displayName: settings.displayName ?? '',
    accentColor: settings.accentColor,
    supportUrl: settings.supportUrl ?? '',
    levelNames: Object.entries(settings.levelNames)
      .map(([level, name]) => `${level}=${name}`)
      .join(', '),
    signInMethods: settings.signInMethods,
    hwidResetMode: settings.hwidReset.mode,
    hwidResetsPerPeriod: String(settings.hwidReset.perPeriod),
    hwidResetPeriodDays: String(settings.hwidReset.periodDays),
    hwidResetCooldownHours: String(settings.hwidReset.cooldownHours),
    hwidResetEndsSessions: settings.hwidReset.endSessions,
  });
  const url = `${window.location.origin}${PORTAL_PATH}/${settings.publicId}`;
  const fieldError = (name: string) =>
    update.error && 'fields' in update.error
      ? (update.error as { fields: Array<{ field: string; message: string }> }).fields.find((f) => f.field === name)
          ?.message
      : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: UpdatePortalSettingsRequest = {
      enabled: draft.enabled,
      displayName: draft.displayName.trim() || null,
      accentColor: draft.accentColor,
      supportUrl: draft.supportUrl.trim() || null,
      levelNames: Object.fromEntries(
        draft.levelNames
          .split(',')
          .map((pair) => pair.split('=').map((part) => part.trim()))
          .filter((pair) => pair.length === 2 && pair[0] !== '' && pair[1] !== ''),
      ),
      signInMethods: draft.signInMethods,
      hwidResetMode: draft.hwidResetMode,
      hwidResetsPerPeriod: Number(draft.hwidResetsPerPeriod),
      hwidResetPeriodDays: Number(draft.hwidResetPeriodDays),
      hwidResetCooldownHours: Number(draft.hwidResetCooldownHours),
      hwidResetEndsSessions: draft.hwidResetEndsSessions,
    };
    await update.mutateAsync(body).then(
      () => toast.success('Customer page settings saved'),
      () => undefined,
    );
  }

  const set = <K extends keyof typeof draft>(name: K, value: (typeof draft)[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));

  return (
    <section className="card stack" aria-labelledby="portal-settings-heading">
      <h2 id="portal-settings-heading">Customer page</h2>
      <p className="muted">
        A page for your customers: their keys, devices and downloads, and a reset of their device lock under your rules.
        Give them its address.
      </p>
      <CopyField label="Address" value={url} hint="Stable: it does not change when you change the settings." />
      <form className="stack" onSubmit={submit} noValidate>
        <fieldset className="portal-settings-fields" disabled={!canEdit}>
          <fieldset className="settings-group">
            <legend>Page</legend>
            <CheckboxField
              label="Customers can open the page"
              checked={draft.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
            />
            <div className="form-grid">
              <TextField
                label="Name shown"
                hint="Blank: the app's name"
                value={draft.displayName}
                error={fieldError('displayName')}
                onChange={(e) => set('displayName', e.target.value)}
              />
              <TextField
                label="Accent color"
                type="color"
                value={draft.accentColor}
                error={fieldError('accentColor')}
                onChange={(e) => set('accentColor', e.target.value)}
              />
              <TextField
                label="Support link"
                type="url"
                value={draft.supportUrl}
                error={fieldError('supportUrl')}
                onChange={(e) => set('supportUrl', e.target.value)}
              />
              <TextField
                label="Level names"
                hint="For example: 1=Basic, 2=Pro"
                value={draft.levelNames}
                error={fieldError('levelNames')}
                onChange={(e) => set('levelNames', e.target.value)}
              />
            </div>
          </fieldset>
          <fieldset className="settings-group">
            <legend>Sign-in with</legend>
            {PORTAL_SIGN_IN_METHODS.map((method) => (
              <CheckboxField
                key={method}
                label={METHOD_WORDS[method]}
                hint={method === 'email' && !settings.emailAvailable ? 'Needs SMTP_URL on the server' : undefined}
                checked={draft.signInMethods.includes(method)}
                onChange={(e) =>
                  set(
                    'signInMethods',
                    e.target.checked
                      ? [...draft.signInMethods, method]
                      : draft.signInMethods.filter((m) => m !== method),
                  )
                }
              />
            ))}
            {fieldError('signInMethods') ? <p className="field-error">{fieldError('signInMethods')}</p> : null}
          </fieldset>
          <fieldset className="settings-group">
            <legend>Device lock (HWID) reset</legend>
            <SelectField
              label="Device lock (HWID) reset by the customer"
              value={draft.hwidResetMode}
              options={[
                { value: 'off', label: 'Off: only you reset it' },
                { value: 'limited', label: 'Allowed, within limits' },
              ]}
              onChange={(e) => set('hwidResetMode', e.target.value as 'off' | 'limited')}
            />
            {draft.hwidResetMode === 'limited' ? (
              <>
                <div className="form-grid form-grid-3">
                  <TextField
                    label="Resets per period"
                    inputMode="numeric"
                    value={draft.hwidResetsPerPeriod}
                    error={fieldError('hwidResetsPerPeriod')}
                    onChange={(e) => set('hwidResetsPerPeriod', e.target.value)}
                  />
                  <TextField
                    label="Period (days)"
                    inputMode="numeric"
                    value={draft.hwidResetPeriodDays}
                    error={fieldError('hwidResetPeriodDays')}
                    onChange={(e) => set('hwidResetPeriodDays', e.target.value)}
                  />
                  <TextField
                    label="Wait between resets (hours)"
                    inputMode="numeric"
                    value={draft.hwidResetCooldownHours}
                    error={fieldError('hwidResetCooldownHours')}
                    onChange={(e) => set('hwidResetCooldownHours', e.target.value)}
                  />
                </div>
                <CheckboxField
                  label="A reset signs out the customer's devices"
                  checked={draft.hwidResetEndsSessions}
                  onChange={(e) => set('hwidResetEndsSessions', e.target.checked)}
                />
              </>
            ) : null}
          </fieldset>
        </fieldset>
        <div className="portal-preview" style={{ borderColor: draft.accentColor }} aria-label="Preview">
          <div className="portal-preview-bar" style={{ background: draft.accentColor }}>
            {draft.displayName.trim() || 'Your app'}
          </div>
          <p className="muted">
            {draft.enabled ? (
              <a href={url} target="_blank" rel="noopener noreferrer">
                Open the customer page
              </a>
            ) : (
              'Off: customers get “not available”.'
            )}
          </p>
        </div>
        <FormError message={update.error && !fieldError('x') ? update.error.message : undefined} />
        {canEdit ? (
          <SubmitButton submitting={update.isPending} label="Save customer page" pendingLabel="Saving…" />
        ) : null}
      </form>
    </section>
  );
}
