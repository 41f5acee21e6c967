import type { CreatedApp } from '@latchkey/contracts';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import '../apps.css';

/** The new app's API key, shown once, with a copy button and a warning. */
export function ApiKeyNotice({ app, onDismiss }: { app: CreatedApp; onDismiss: () => void }) {
  const headingId = useId();
  const keyId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);

  return (
    <section className="notice" aria-labelledby={headingId}>
      <h2 id={headingId}>API key for {app.name}</h2>
      <p>
        Copy this key now and keep it somewhere safe. <strong>It will not be shown again.</strong>
      </p>
      <label htmlFor={keyId} className="visually-hidden">
        API key
      </label>
      <div className="copy-row">
        <input
          id={keyId}
          ref={inputRef}
          className="mono"
          readOnly
          value={app.apiKey}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton
          value={app.apiKey}
          className="button button-primary"
          onCopied={() => setStatus('API key copied to the clipboard.')}
          onUnavailable={() => {
            // No clipboard access: select the text so the user can copy it by hand.
            inputRef.current?.select();
            setStatus('Press Ctrl+C (⌘C) to copy the selected key.');
          }}
        />
      </div>
      <p className="muted" role="status">
        {status}
      </p>
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
    </section>
  );
}
