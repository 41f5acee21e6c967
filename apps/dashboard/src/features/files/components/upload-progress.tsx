import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-fields';
import type { UploadProgress } from '@/lib/upload-request';

/**
 * The progress of one upload at a time: `track(file, upload)` shows 0% of
 * `file` at once, hands `upload` the callback for its progress, and clears
 * the bar when the upload ends, whichever way.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  async function track<R>(file: File, upload: (onProgress: (progress: UploadProgress) => void) => Promise<R>) {
    setProgress({ loaded: 0, total: file.size });
    try {
      return await upload(setProgress);
    } finally {
      setProgress(null);
    }
  }
  return { progress, track };
}

/** The file input's rule: a file is chosen. A form with a resolver (where `register`'s rules do not run) passes it on. */
export const chosenFile = (files: FileList | undefined) => (files?.length ? true : 'Choose a file to upload');

/** The file input of an upload form, registered as `file`; the form cannot be sent without a file. */
export function FileInputField<T extends FieldValues & { file: FileList }>({
  form,
  label,
}: {
  form: UseFormReturn<T>;
  label: string;
}) {
  const name = 'file' as Path<T>;
  return (
    <TextField
      label={label}
      type="file"
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name, { validate: chosenFile })}
    />
  );
}

/** A visible, labelled progress bar for an upload in flight. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="field">
      <label htmlFor="upload-progress">Uploading… {percent}%</label>
      <progress id="upload-progress" max={100} value={percent} aria-label="Upload progress">
        {percent}%
      </progress>
    </div>
  );
}
