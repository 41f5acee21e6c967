import type { App } from '@latchkey/contracts';
import { CopyButton } from '@/components/ui/copy-button';

/** What a vendor's software needs besides the API key: the app id, and the public key that verifies answers and offline tickets. */
export function AppKeys({ app }: { app: App }) {
  const rows = [
    { label: 'App ID', value: app.appId },
    { label: 'Public key', value: app.publicKey },
    { label: 'Key ID', value: app.keyId },
  ];
  return (
    <dl className="details" aria-label="Keys for your software">
      {rows.map((row) => (
        <div key={row.label} className="details-row">
          <dt>{row.label}</dt>
          <dd>
            <code className="break">{row.value}</code>{' '}
            <CopyButton
              value={row.value}
              className="button button-ghost button-small"
              accessibleLabel={`Copy ${row.label}`}
              copiedMessage={`${row.label} copied`}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
