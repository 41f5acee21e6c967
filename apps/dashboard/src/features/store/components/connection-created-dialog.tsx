import type { CreatedStoreConnection } from '@latchkey/contracts';
import { CopyField } from '@/components/ui/copy-field';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { SecretField } from '@/components/ui/secret-field';
import { PROVIDER_LABELS } from '../utils/store-words';

/** Where each store takes the webhook URL. */
const URL_HINTS: Record<CreatedStoreConnection['provider'], string> = {
  stripe:
    'Paste it as the endpoint’s URL under Developers → Webhooks, with the events docs/selling.md lists under “Stripe”.',
  paddle: 'Paste it as the notification destination’s URL under Developer tools → Notifications.',
  lemonsqueezy:
    'Paste it as the webhook’s callback URL under Settings → Webhooks, with the order and subscription events.',
  sellix: 'Paste it as the dynamic product’s webhook URL, and as a webhook endpoint for order events.',
  sellapp: 'Paste it as the dynamic delivery webhook of the product, and as a webhook for order events.',
  generic: 'Your checkout POSTs each signed event to it.',
};

/**
 * After connecting a store (or rotating a generic connection's secret): the
 * webhook URL to paste into the store and, for a generic connection, its
 * signing secret, shown this once (closing is deliberate, as for every secret).
 */
export function ConnectionCreatedDialog({
  connection,
  rotated = false,
  onClose,
}: {
  connection: CreatedStoreConnection | null;
  rotated?: boolean;
  onClose: () => void;
}) {
  const secret = connection?.signingSecret ?? null;
  return (
    <Dialog
      open={connection !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        rotated ? 'New signing secret' : `${connection ? PROVIDER_LABELS[connection.provider] : 'Store'} connected`
      }
      description={
        secret
          ? 'Copy the secret now and keep it somewhere safe: it will not be shown again.'
          : 'Paste this URL into the store, and map its products on the connection’s page.'
      }
      wide
    >
      {connection ? (
        <div className="stack">
          <CopyField label="Webhook URL" value={connection.webhookUrl} hint={URL_HINTS[connection.provider]} />
          {secret ? (
            <div className="field">
              <SecretField label="Signing secret" value={secret} copiedMessage="Signing secret copied" />
              <p className="field-hint">
                {rotated ? 'The old secret stopped working. ' : ''}Sign each event’s body with it: the{' '}
                <code>latchkey-signature</code> header,{' '}
                <code>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of &quot;t.body&quot;&gt;</code>.
              </p>
            </div>
          ) : null}
          <DialogFooter>
            <button type="button" className="button button-secondary" onClick={onClose}>
              {secret ? 'I have copied it' : 'Done'}
            </button>
          </DialogFooter>
        </div>
      ) : null}
    </Dialog>
  );
}
