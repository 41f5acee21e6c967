import type { KeyAuthImport } from '@latchkey/contracts';
import { useState } from 'react';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
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
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useUploadKeyAuthImport(appId, setProgress);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<{ file: FileList | null }>(
    { defaultValues: { file: null } },
    async ({ file }) => {
      try {
        onUploaded(await upload.mutateAsync(file![0]!));
      } finally {
        setProgress(null);
      }
    },
  );
  const chosen = (form.watch('file')?.length ?? 0) > 0;

  return (
    <form className="stack card" onSubmit={onSubmit} noValidate aria-label="Upload a KeyAuth export">
      <TextField
        label="Export file"
        type="file"
        accept=".json,application/json"
        hint="KeyAuthUsers.json or KeyAuthKeys.json from KeyAuth's dashboard, or the seller API's fetchallusers or fetchallkeys answer saved as JSON. Nothing changes until you commit the preview."
        error={errors.file?.message}
        {...form.register('file', { validate: (files) => (files?.length ?? 0) > 0 || 'Choose an export file' })}
      />
      {progress ? <progress aria-label="Upload" max={Math.max(progress.total, 1)} value={progress.loaded} /> : null}
      <div>
        <button type="submit" className="button button-primary" disabled={!chosen || isSubmitting}>
          {isSubmitting ? 'Uploading…' : 'Upload and preview'}
        </button>
      </div>
      <FormError message={rootError} />
    </form>
  );
}
