import {
  CreateWebhookRequest,
  EVENT_NAMES,
  UpdateWebhookRequest,
  type CreatedWebhook,
  type EventName,
  type Webhook,
} from '@latchkey/contracts';
import { useId } from 'react';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { EVENT_DESCRIPTIONS, WEBHOOK_URL_MAX } from '../utils/webhook-rules';
import '../webhooks.css';

interface WebhookValues {
  url: string;
  events: EventName[];
}

/** The body sent: the URL trimmed. */
function toBody(values: WebhookValues): CreateWebhookRequest {
  return { url: values.url.trim(), events: values.events };
}

/** No event chosen, in the form's own words (the API's would list every event name). */
const SOME_EVENT = { events: (events: EventName[]) => events.length > 0 || 'Choose at least one event' };

/**
 * Creates a webhook (then hands the one-time secret to `onCreated`), or edits
 * the URL and events of `webhook`. URL and events are checked before sending
 * with the API's own rules (the contracts' request shapes); the API's message
 * (a private address, a URL with a password) shows under the field it names.
 */
export function WebhookFormDialog({
  appId,
  webhook,
  open,
  onOpenChange,
  onCreated,
}: CreateDialogProps & {
  webhook?: Webhook;
  onCreated?: (created: CreatedWebhook) => void;
}) {
  const editing = webhook !== undefined;
  const empty: WebhookValues = { url: webhook?.url ?? '', events: webhook?.events ?? [] };
  const createMutation = useCreateWebhook(appId);
  const updateMutation = useUpdateWebhook(appId);
  const { form, errors, ...submit } = useApiForm<WebhookValues>(
    {
      resolver: shapeResolver(editing ? UpdateWebhookRequest : CreateWebhookRequest, SOME_EVENT, toBody),
      values: empty,
    },
    async (values, form) => {
      const body = toBody(values);
      if (editing) {
        await updateMutation.mutateAsync({ webhookId: webhook.id, ...body });
      } else {
        onCreated?.(await createMutation.mutateAsync(body));
      }
      onOpenChange(false);
      form.reset();
      return editing ? 'Webhook saved' : 'Webhook created';
    },
  );
  const eventsHintId = useId();
  const eventsErrorId = useId();

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={editing ? 'Edit webhook' : 'New webhook'}
      description="Latchkey sends a signed POST to this URL when one of the chosen events happens."
      wide
      form={submit}
      submitLabel={editing ? 'Save' : 'Create webhook'}
      pendingLabel="Saving…"
    >
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/latchkey"
        maxLength={WEBHOOK_URL_MAX}
        hint="http or https on a public address. A Discord webhook URL gets Discord messages with an embed."
        error={errors.url?.message}
        {...form.register('url')}
      />
      <fieldset
        className="event-picker"
        aria-describedby={errors.events ? `${eventsHintId} ${eventsErrorId}` : eventsHintId}
      >
        <legend>Events</legend>
        <p className="field-hint" id={eventsHintId}>
          Choose at least one. Send test works whichever you choose.
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => form.setValue('events', [...EVENT_NAMES], { shouldValidate: form.formState.isSubmitted })}
          >
            Select all
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => form.setValue('events', [], { shouldValidate: form.formState.isSubmitted })}
          >
            Clear
          </button>
        </div>
        <div className="event-options">
          {EVENT_NAMES.map((event) => (
            <label key={event} className="event-option">
              <input type="checkbox" value={event} {...form.register('events')} />
              <span>
                <code>{event}</code>
                <span className="muted"> {EVENT_DESCRIPTIONS[event]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p className="field-error" id={eventsErrorId}>
            {errors.events.message}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
