// A search box whose value lives in the URL: the list follows as you type
// (after a short pause, replacing the history entry), Enter or leaving the
// field applies at once (trimmed; empty clears the search; shorter than
// `minLength` is not sent, and Enter says why), and a new URL (back button,
// shared link) replaces the draft.
import { FieldMessage } from '@latchkey/contracts';
import { useEffect, useRef, useState } from 'react';
import type { FilterChange } from '@/lib/search-params';
import { TextField } from './form-fields';

/** How long typing pauses before the search runs: short enough to feel live, long enough to skip keystrokes. */
export const SEARCH_TYPING_PAUSE_MS = 300;

export function SearchField({
  value,
  onSearch,
  placeholder,
  minLength,
  maxLength,
}: {
  value: string | undefined;
  onSearch: (search: string | undefined, change: FilterChange) => void;
  placeholder: string;
  minLength: number;
  maxLength: number;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [tooShort, setTooShort] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A URL this field did not write (back button, a link) replaces the draft; its own trimmed value does not.
  useEffect(() => setDraft((current) => (current.trim() === (value ?? '') ? current : (value ?? ''))), [value]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  const apply = (text: string, change: FilterChange) => {
    clearTimeout(typingTimer.current);
    const next = text.trim() || undefined;
    const short = next !== undefined && next.length < minLength;
    if (!change.replace) setTooShort(short);
    if (short) return;
    if (next !== value) onSearch(next, change);
  };
  return (
    <form
      className="field-grow"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft, {});
      }}
    >
      <TextField
        label="Search"
        type="search"
        placeholder={placeholder}
        maxLength={maxLength}
        value={draft}
        error={tooShort ? FieldMessage.length('search', minLength, maxLength) : undefined}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          setTooShort(false);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => apply(text, { replace: true }), SEARCH_TYPING_PAUSE_MS);
        }}
        onBlur={() => apply(draft, {})}
      />
    </form>
  );
}
