import type { StoreConnection } from '@latchkey/contracts';
import { CopyButton } from '@/components/ui/copy-button';
import { Badge } from '@/components/ui/status-badge';

/** A connection's webhook URL with its copy button. */
export function WebhookUrl({ url }: { url: string }) {
  return (
    <span className="store-url">
      <code>{url}</code>
      <CopyButton
        value={url}
        className="button button-ghost button-small"
        accessibleLabel="Copy webhook URL"
        copiedMessage="Webhook URL copied"
      />
    </span>
  );
}

export function ConnectionStatus({ connection }: { connection: Pick<StoreConnection, 'enabled'> }) {
  return connection.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>;
}
