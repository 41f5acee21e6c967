import { useId } from 'react';
import {
  KEYAUTH_MESSAGE_NAMES,
  KeyAuthLimits,
  type KeyAuthMessageName,
  type KeyAuthMessages,
  UpdateKeyAuthMessagesRequest,
} from '@latchkey/contracts';
import { ErrorAlert, FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useKeyAuthMessages, useUpdateKeyAuthMessages } from '../api/keyauth-messages';

/** When a client is answered each message, in the words of the vendor's own support page. */
const SITUATIONS: Record<KeyAuthMessageName, string> = {
  appdisabled: 'The application is switched off',
  usernametaken: 'Register: the username is taken',
  keynotfound: 'The license key does not exist',
  keyused: 'The license key has been used already',
  keybanned: 'The license key is banned',
  usernamenotfound: 'Login: wrong username or password',
  hwidmismatch: 'The device is not the one the user is locked to',
  noactivesubs: 'The subscription has expired',
  hwidblacked: 'The device or IP is blacklisted',
  userbanned: 'The user is banned',
  sessionunauthed: 'A request before signing in',
  loggedInMsg: 'Signed in (register, login, license)',
};

/** The form's values: one text per message, '' for its default. */
interface MessagesFormValues {
  overrides: Record<KeyAuthMessageName, string>;
}

function toFormValues(messages: KeyAuthMessages): MessagesFormValues {
  return {
    overrides: Object.fromEntries(
      KEYAUTH_MESSAGE_NAMES.map((name) => [name, messages.overrides[name] ?? '']),
    ) as Record<KeyAuthMessageName, string>,
  };
}

/** The body sent: the filled-in texts only, trimmed. */
function toRequest(values: MessagesFormValues): UpdateKeyAuthMessagesRequest {
  return {
    overrides: Object.fromEntries(
      KEYAUTH_MESSAGE_NAMES.flatMap((name) => {
        const text = values.overrides[name].trim();
        return text === '' ? [] : [[name, text]];
      }),
    ),
  };
}

const RESET_ALL = { keepDirtyValues: false };

function KeyAuthMessagesForm({ appId, messages }: { appId: string; messages: KeyAuthMessages }) {
  const updateMutation = useUpdateKeyAuthMessages(appId);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<MessagesFormValues>(
    {
      values: toFormValues(messages),
      resetOptions: { keepDirtyValues: true },
      resolver: shapeResolver(UpdateKeyAuthMessagesRequest, {}, toRequest),
    },
    async (values, form) => {
      const updated = await updateMutation.mutateAsync(toRequest(values));
      form.reset(toFormValues(updated), RESET_ALL);
      return 'KeyAuth messages saved';
    },
  );
  const { isDirty } = form.formState;
  const overridesError = errors.overrides?.message ?? errors.overrides?.root?.message;

  return (
    <form className="settings-form" onSubmit={onSubmit} aria-label="KeyAuth messages" noValidate>
      <FormError message={rootError} />
      {overridesError ? (
        <p className="field-error" role="alert">
          {overridesError}
        </p>
      ) : null}
      <div className="form-grid">
        {KEYAUTH_MESSAGE_NAMES.map((name) => (
          <TextField
            key={name}
            label={SITUATIONS[name]}
            autoComplete="off"
            maxLength={KeyAuthLimits.messageMax}
            placeholder={messages.defaults[name]}
            hint={
              <>
                <code>{name}</code> · empty: “{messages.defaults[name]}”
              </>
            }
            error={errors.overrides?.[name]?.message}
            {...form.register(`overrides.${name}`)}
          />
        ))}
      </div>
      <div className="button-row settings-actions">
        <SubmitButton submitting={isSubmitting} label="Save messages" pendingLabel="Saving…" disabled={!isDirty} />
        <button
          type="button"
          className="button button-secondary"
          disabled={isSubmitting || !isDirty}
          onClick={() => form.reset(toFormValues(messages), RESET_ALL)}
        >
          Discard changes
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={isSubmitting}
          onClick={() => {
            for (const name of KEYAUTH_MESSAGE_NAMES) form.setValue(`overrides.${name}`, '', { shouldDirty: true });
          }}
        >
          Clear all (use the defaults)
        </button>
      </div>
    </form>
  );
}

/**
 * The words KeyAuth clients are answered (issue 40), replaceable per app to
 * reword or translate them; `/v1` keeps its contract's messages.
 */
export function KeyAuthMessagesSection({ appId }: { appId: string }) {
  const headingId = useId();
  const messagesQuery = useKeyAuthMessages(appId);
  const messages = messagesQuery.data;

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages</h2>
      <p className="muted">
        What your KeyAuth clients show in each case, to reword or translate. Leave a message empty for KeyAuth’s default
        (clients you shipped may compare a message with it). Clients using this service’s own API keep its messages.
      </p>
      {messages ? (
        <KeyAuthMessagesForm appId={appId} messages={messages} />
      ) : messagesQuery.error ? (
        <ErrorAlert error={messagesQuery.error} title="Could not load the KeyAuth messages" />
      ) : (
        <Skeleton height="24rem" />
      )}
    </section>
  );
}
