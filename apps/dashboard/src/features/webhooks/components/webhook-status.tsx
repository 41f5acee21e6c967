import type { Webhook } from '@latchkey/contracts';
import { Badge } from '@/components/ui/status-badge';
import '../webhooks.css';

/** Enabled, or disabled with the reason the owner or the service gave (e.g. the receiver answered 410). */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return <Badge tone="success">Enabled</Badge>;
  return (
    <span className="webhook-status">
      <Badge tone="neutral">Disabled</Badge>
      {webhook.disabledReason ? <span className="webhook-disabled-reason">{webhook.disabledReason}</span> : null}
    </span>
  );
}
