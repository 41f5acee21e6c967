// A search box whose value lives in the URL: typing edits a draft, Enter or
// leaving the field applies it (trimmed; empty clears the search; shorter than
// `minLength` is not sent and says why), and a new URL (back button, shared
// link) replaces the draft.
import { FieldMessage } from '@latchkey/contracts';
import { useEffect, useState } from 'react';
import { TextField } from './form-fields';

export function SearchField({
  value,
  onSearch,
  placeholder,
  minLength,
  maxLength,
}: {
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
  placeholder: string;
  minLength: number;
  maxLength: number;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [tooShort, setTooShort] = useState(false);
  useEffect(() => setDraft(value ?? ''), [value]);
  const apply = () => {
    const next = draft.trim() || undefined;
    setTooShort(next !== undefined && next.length < minLength);
    if (next !== undefined && next.length < minLength) return;
    if (next !== value) onSearch(next);
  };
  return (
    <form
      className="field-grow"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
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
          setDraft(event.target.value);
          setTooShort(false);
        }}
        onBlur={apply}
      />
    </form>
  );
}
