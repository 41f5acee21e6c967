import { EVENT_NAMES, type CreatedWebhook, type EventName, type Webhook } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogButtons } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

const EVENT_HINTS: Record<EventName, string> = {
  'user.login': 'a user signed in',
  'user.register': 'a user registered with a key',
  'user.ban': 'a user was banned',
  'license.activate': 'a key was used for the first time',
  'license.expire': "a user's time ran out",
  'license.delete': 'a key was deleted',
  'file.download': 'a file was downloaded',
  'session.create': 'a session started',
};

interface WebhookValues {
  url: string;
  events: EventName[];
}

/**
 * Creates a webhook (then hands the signing secret to `onCreated`, the only
 * time it is shown) or edits one's URL and events.
 */
export function WebhookFormDialog({
  appId,
  webhook,
  open,
  onOpenChange,
  onCreated,
}: {
  appId: string;
  webhook?: Webhook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (created: CreatedWebhook) => void;
}) {
  const editing = webhook !== undefined;
  const form = useForm<WebhookValues>({ values: { url: webhook?.url ?? '', events: webhook?.events ?? [] } });
  const createMutation = useCreateWebhook(appId);
  const updateMutation = useUpdateWebhook(appId);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        await updateMutation.mutateAsync({ webhookId: webhook.id, body: values });
        toast.success('Webhook saved');
      } else {
        const created = await createMutation.mutateAsync(values);
        toast.success('Webhook created');
        onCreated?.(created);
      }
      onOpenChange(false);
      form.reset();
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit webhook' : 'New webhook'}
      description="Latchkey POSTs each chosen event to this URL, signed with the webhook's secret. Discord webhook URLs get a message with an embed."
      wide
    >
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={errors.root?.server?.message} />
        <TextField
          label="URL"
          type="url"
          autoComplete="off"
          placeholder="https://example.com/hooks/latchkey"
          error={errors.url?.message}
          {...form.register('url', {
            validate: (value) => /^https?:\/\/\S+$/i.test(value.trim()) || 'url must be an http or https URL',
          })}
        />
        <fieldset className="checkbox-group">
          <legend>Events</legend>
          {EVENT_NAMES.map((name) => (
            <label key={name} className="checkbox-row">
              <input
                type="checkbox"
                value={name}
                {...form.register('events', {
                  validate: (events) => events.length > 0 || 'events must name at least one event',
                })}
              />
              <span>
                <code>{name}</code> <span className="muted small">{EVENT_HINTS[name]}</span>
              </span>
            </label>
          ))}
          {errors.events?.message ? <p className="field-error">{errors.events.message}</p> : null}
        </fieldset>
        <FormDialogButtons
          submitting={isSubmitting}
          label={editing ? 'Save' : 'Create webhook'}
          pendingLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
