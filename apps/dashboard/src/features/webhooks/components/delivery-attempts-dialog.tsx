import type { WebhookDelivery } from '@latchkey/contracts';
import { Dialog } from '@/components/ui/dialog';
import { DateTime } from '@/components/ui/date-time';
import { formatNumber } from '@/lib/format';
import '../webhooks.css';

/** Every HTTP attempt of one delivery: when, how long, the answer (status and first 2 KiB) or the error. */
export function DeliveryAttemptsDialog({
  delivery,
  onClose,
}: {
  delivery: WebhookDelivery | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={delivery !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={delivery ? `Attempts of ${delivery.event}` : 'Attempts'}
      description={
        delivery ? (
          <>
            Delivery <code>{delivery.id}</code> (the <code>webhook-id</code> header of every attempt)
          </>
        ) : undefined
      }
      wide
    >
      {delivery && delivery.attemptDetails.length === 0 ? (
        <p className="muted">No attempt yet: the first one starts as soon as a worker picks the delivery up.</p>
      ) : null}
      <ol className="attempt-list">
        {delivery?.attemptDetails.map((attempt) => (
          <li key={attempt.number} className="attempt">
            <dl className="details">
              <dt>Attempt</dt>
              <dd>{attempt.number}</dd>
              <dt>Started</dt>
              <dd>
                <DateTime value={attempt.startedAt} />
              </dd>
              <dt>Duration</dt>
              <dd>{formatNumber(attempt.durationMs)} ms</dd>
              <dt>Status code</dt>
              <dd>{attempt.statusCode ?? <span className="muted">No response</span>}</dd>
              {attempt.error ? (
                <>
                  <dt>Error</dt>
                  <dd>{attempt.error}</dd>
                </>
              ) : null}
            </dl>
            {attempt.responseBody ? (
              <pre className="attempt-body" aria-label={`Response body of attempt ${attempt.number}`}>
                {attempt.responseBody}
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
