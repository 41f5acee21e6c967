import type { CreatedPersonalAccessToken } from '@latchkey/contracts';
import { useId, useRef, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';

/** A new personal access token, shown once, with a copy button and a warning. */
export function TokenNotice({ token, onDismiss }: { token: CreatedPersonalAccessToken; onDismiss: () => void }) {
  const headingId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  return (
    <section className="notice" aria-labelledby={headingId}>
      <h2 id={headingId}>Token {token.name}</h2>
      <p>
        Copy this token now and keep it somewhere safe. <strong>It will not be shown again.</strong>
      </p>
      <label htmlFor={inputId} className="visually-hidden">
        Personal access token
      </label>
      <div className="copy-row">
        <input
          id={inputId}
          ref={inputRef}
          className="mono"
          readOnly
          value={token.token}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton
          value={token.token}
          className="button button-primary"
          onCopied={() => setStatus('Token copied to the clipboard.')}
          onUnavailable={() => {
            inputRef.current?.select();
            setStatus('Press Ctrl+C (⌘C) to copy the selected token.');
          }}
        />
      </div>
      <p className="muted" role="status">
        {status}
      </p>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onDismiss}>
          I have copied it
        </button>
      </div>
    </section>
  );
}
