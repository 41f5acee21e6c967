import type { CreatedApp } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { SecretNotice } from '@/components/ui/secret-field';
import '../apps.css';

/** The new app's API key, shown once, with a copy button and a warning. */
export function ApiKeyNotice({ app, onDismiss }: { app: CreatedApp; onDismiss: () => void }) {
  return (
    <SecretNotice
      title={`API key for ${app.name}`}
      what="key"
      label="API key"
      copiedStatus="API key copied to the clipboard."
      secret={app.apiKey}
    >
      <p className="notice-meta">
        App ID <code>{app.appId}</code>
        <br />
        Public key (verifies signed responses) <code className="public-key">{app.publicKey}</code>
      </p>
      <div className="button-row">
        <Link to="/apps/$appId" params={{ appId: app.appId }} className="button button-secondary">
          Open {app.name}
        </Link>
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </SecretNotice>
  );
}
