import { useEffect, useMemo } from 'react';
import { CopyButton } from '@/components/ui/copy-button';

/** New recovery codes, shown once: copy them or download them as a text file. */
export function RecoveryCodesNotice({ codes, onDismiss }: { codes: string[]; onDismiss: () => void }) {
  const text = `Latchkey recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const href = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);

  return (
    <section className="notice" aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading">Your recovery codes</h2>
      <p>
        Each code signs you in once when your authenticator app is not at hand. Keep them somewhere safe, apart from
        your password. <strong>They will not be shown again.</strong>
      </p>
      <ol className="recovery-codes mono" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="button-row">
        <CopyButton value={codes.join('\n')} label="Copy codes" copiedMessage="Recovery codes copied." />
        <a className="button button-secondary" href={href} download="latchkey-recovery-codes.txt">
          Download
        </a>
        <button type="button" className="button button-primary" onClick={onDismiss}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
