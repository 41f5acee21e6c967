// A search box whose value lives in the URL: typing edits a draft, Enter or
// leaving the field applies it (trimmed; empty clears the search), and a new
// URL (back button, shared link) replaces the draft.
import { useEffect, useState } from 'react';
import { TextField } from './form-fields';

export function SearchField({
  value,
  onSearch,
  placeholder,
  maxLength,
}: {
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
  placeholder: string;
  maxLength: number;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const apply = () => {
    const next = draft.trim() || undefined;
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
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
      />
    </form>
  );
}
