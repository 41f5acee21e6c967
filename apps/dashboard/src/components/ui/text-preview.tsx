const PREVIEW_CHARS = 80;

/** A value in a table cell, cut to its first characters when long; the edit dialog shows all of it. */
export function TextPreview({ text }: { text: string }) {
  const cut = text.length > PREVIEW_CHARS;
  return (
    <span className="mono break" title={cut ? 'Edit to see the whole value' : undefined}>
      {cut ? `${text.slice(0, PREVIEW_CHARS)}…` : text}
    </span>
  );
}
