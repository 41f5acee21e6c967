import type { KeyAuthImport } from '@latchkey/contracts';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import type { UploadProgress } from '@/lib/upload-request';
import { useUploadKeyAuthImport } from '../api/keyauth-imports';

/** Uploads one KeyAuth export; `onUploaded` gets the import whose preview the worker starts. */
export function KeyAuthUploadForm({
  appId,
  onUploaded,
}: {
  appId: string;
  onUploaded: (created: KeyAuthImport) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useUploadKeyAuthImport(appId, setProgress);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, { onSuccess: onUploaded, onSettled: () => setProgress(null) });
  }

  return (
    <form className="stack card" onSubmit={submit} noValidate aria-label="Upload a KeyAuth export">
      <TextField
        label="Export file"
        type="file"
        accept=".json,application/json"
        hint="KeyAuthUsers.json or KeyAuthKeys.json from KeyAuth's dashboard, or the seller API's fetchallusers or fetchallkeys answer saved as JSON. Nothing changes until you commit the preview."
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      {progress ? <progress aria-label="Upload" max={Math.max(progress.total, 1)} value={progress.loaded} /> : null}
      <div>
        <button type="submit" className="button button-primary" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload and preview'}
        </button>
      </div>
      <ErrorAlert error={upload.error} />
    </form>
  );
}
