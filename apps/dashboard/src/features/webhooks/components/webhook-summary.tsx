import type { Webhook } from '@latchkey/contracts';
import { DateTime } from '@/components/ui/date-time';
import { isDiscordUrl } from '../utils/webhook-rules';
import { EventList } from './event-list';
import { WebhookStatus } from './webhook-status';

/** A webhook's settings at a glance, with why it is off when it is. */
export function WebhookSummary({ webhook }: { webhook: Webhook }) {
  return (
    <div className="stack">
      {webhook.enabled ? null : (
        <div className="alert alert-info" role="status">
          <p className="alert-title">
            This webhook is disabled{webhook.disabledReason ? `: ${webhook.disabledReason}` : ''}.
          </p>
          <p>
            No events are sent to it until you enable it again. Send test still reaches it, to check the receiver first.
          </p>
        </div>
      )}
      <div className="card">
        <dl className="details">
          <dt>Endpoint</dt>
          <dd>
            <code className="break">{webhook.url}</code>
          </dd>
          <dt>Status</dt>
          <dd>
            <WebhookStatus webhook={webhook} />
          </dd>
          <dt>Events</dt>
          <dd>
            <EventList events={webhook.events} />
          </dd>
          <dt>Format</dt>
          <dd>
            {isDiscordUrl(webhook.url)
              ? 'Discord message with one embed'
              : 'JSON envelope signed with Standard Webhooks headers'}
          </dd>
          <dt>Created</dt>
          <dd>
            <DateTime value={webhook.createdAt} />
          </dd>
        </dl>
      </div>
    </div>
  );
}
