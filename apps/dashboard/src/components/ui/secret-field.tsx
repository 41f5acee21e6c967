// A secret the API shows only once (an API key, a token, a signing secret):
// read-only, selected on focus, with a copy button. Without clipboard access
// the text is selected so that Ctrl+C copies it.
import { useId, useRef, useState, type ReactNode } from 'react';
import { CopyButton } from './copy-button';

export function SecretField({
  label,
  hideLabel = false,
  value,
  copiedMessage,
  onCopied,
  onUnavailable,
}: {
  label: string;
  /** the label is for screen readers only (a heading already says what it is) */
  hideLabel?: boolean;
  value: string;
  /** a success toast after copying */
  copiedMessage?: string;
  onCopied?: () => void;
  /** runs after the text was selected, when the clipboard cannot be used */
  onUnavailable?: () => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="copy-row">
        <input
          id={inputId}
          ref={inputRef}
          className="mono"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton
          value={value}
          className="button button-primary"
          copiedMessage={copiedMessage}
          onCopied={onCopied}
          onUnavailable={() => {
            inputRef.current?.select();
            onUnavailable?.();
          }}
        />
      </div>
    </>
  );
}

/**
 * A new secret on the page under `title`, shown once with a warning; a status
 * line says it was copied or how to copy it. `children` follow (details, buttons).
 */
export function SecretNotice({
  title,
  what,
  label,
  copiedStatus,
  secret,
  children,
}: {
  title: ReactNode;
  /** the secret in the warning, e.g. "token": "Copy this token now" */
  what: string;
  /** the field's name for screen readers */
  label: string;
  /** the status line after copying */
  copiedStatus: string;
  secret: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <section className="notice" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p>
        Copy this {what} now and keep it somewhere safe. <strong>It will not be shown again.</strong>
      </p>
      <SecretField
        label={label}
        hideLabel
        value={secret}
        onCopied={() => setStatus(copiedStatus)}
        onUnavailable={() => setStatus(`Press Ctrl+C (⌘C) to copy the selected ${what}.`)}
      />
      <p className="muted" role="status">
        {status}
      </p>
      {children}
    </section>
  );
}
