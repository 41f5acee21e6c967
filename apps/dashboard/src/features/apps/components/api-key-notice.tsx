import type { CreatedApp } from '@latchkey/contracts';
import { useId, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'manual';

/** The new app's API key, shown once, with a copy button. */
export function ApiKeyNotice({ app, onDismiss }: { app: CreatedApp; onDismiss: () => void }) {
  const headingId = useId();
  const keyId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(app.apiKey);
      setCopyState('copied');
    } catch {
      // No clipboard access (insecure origin, denied permission): select the
      // text so the user can copy it by hand.
      inputRef.current?.select();
      setCopyState('manual');
    }
  }

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
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="muted" role="status">
        {copyState === 'copied' ? 'API key copied to the clipboard.' : null}
        {copyState === 'manual' ? 'Press Ctrl+C (⌘C) to copy the selected key.' : null}
      </p>
      <p className="notice-meta">
        App ID <code>{app.appId}</code>
        <br />
        Public key (verifies signed responses) <code className="public-key">{app.publicKey}</code>
      </p>
      <button type="button" className="button button-secondary" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}
