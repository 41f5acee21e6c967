import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';

async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * Copies `value`; the label turns to "Copied" for two seconds and `copiedMessage`
 * (when given) is announced. Without clipboard access (insecure origin, denied
 * permission) `onUnavailable` runs, e.g. to select the text for Ctrl+C.
 */
export function CopyButton({
  value,
  label = 'Copy',
  copiedMessage,
  onCopied,
  onUnavailable,
  className = 'button button-secondary',
  accessibleLabel,
}: {
  value: string;
  label?: string;
  copiedMessage?: string;
  onCopied?: () => void;
  onUnavailable?: () => void;
  className?: string;
  /** A fuller name for screen readers when the visible label is short, e.g. "Copy app ID". */
  accessibleLabel?: string;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await writeClipboard(value);
      setCopied(true);
      if (copiedMessage) toast.success(copiedMessage);
      onCopied?.();
    } catch {
      if (onUnavailable) onUnavailable();
      else toast.error(new Error('Could not use the clipboard: select the text and press Ctrl+C (⌘C).'));
    }
  }

  return (
    <button type="button" className={className} onClick={() => void copy()} aria-label={accessibleLabel}>
      {copied ? 'Copied' : label}
    </button>
  );
}
