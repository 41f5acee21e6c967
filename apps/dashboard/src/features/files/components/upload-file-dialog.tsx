import { FILE_NAME_MESSAGE, FileLimits } from '@latchkey/contracts';
import { useState } from 'react';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { useUploadFile } from '../api/upload-file';
import type { UploadProgress } from '@/lib/upload-request';
import { UploadProgressBar } from './upload-progress';
import { MIN_LEVEL_RANGE } from '../utils/min-level';

interface UploadValues {
  file: FileList;
  name: string;
  minLevel: number;
}

/** Uploads a file with its display name and minimum level, showing the upload's progress. */
export function UploadFileDialog({
  appId,
  open,
  onOpenChange,
}: {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const uploadMutation = useUploadFile(appId);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<UploadValues>(
    { defaultValues: { name: '', minLevel: 0 } },
    async (values, form) => {
      const file = values.file[0]!;
      setProgress({ loaded: 0, total: file.size });
      try {
        const uploaded = await uploadMutation.mutateAsync({
          file,
          name: values.name.trim() || undefined,
          minLevel: values.minLevel,
          onProgress: setProgress,
        });
        onOpenChange(false);
        form.reset();
        return `File ${uploaded.name} uploaded`;
      } finally {
        setProgress(null);
      }
    },
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload a file"
      description="Stored encrypted. Signed-in users whose level is at least the minimum level can download it."
      wide
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError message={rootError} />
        <TextField
          label="File"
          type="file"
          error={errors.file?.message}
          {...form.register('file', { validate: (files) => (files?.length ? true : 'Choose a file to upload') })}
        />
        <TextField
          label="Name"
          autoComplete="off"
          hint="Shown to users and used as the download's file name; the file's own name when empty."
          error={errors.name?.message}
          {...form.register('name', {
            maxLength: { value: FileLimits.nameMax, message: FILE_NAME_MESSAGE },
          })}
        />
        <IntegerField form={form} name="minLevel" label="Minimum level" {...MIN_LEVEL_RANGE} />
        <UploadProgressBar progress={progress} />
        <DialogFooter>
          <DialogClose>
            <button type="button" className="button button-secondary" disabled={isSubmitting}>
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Uploading…' : 'Upload'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
