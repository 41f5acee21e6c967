import { useId } from 'react';
import { CopyButton } from './copy-button';

/** A value vendors paste into their software: read-only, selected on focus, with a copy button. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input
          id={id}
          className="mono"
          readOnly
          value={value}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton
          value={value}
          accessibleLabel={`Copy ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
          copiedMessage={`${label} copied`}
        />
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
