import type { FileRecord } from '@latchkey/contracts';
import { useState } from 'react';
import { Dialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { useApiForm } from '@/lib/api-form';
import { useReplaceFileContent } from '../api/replace-file-content';
import type { UploadProgress } from '@/lib/upload-request';
import { UploadProgressBar } from './upload-progress';

/** Uploads new content for a file; its name, level and download count stay. */
export function ReplaceFileDialog({
  appId,
  file,
  onOpenChange,
}: {
  appId: string;
  file: FileRecord;
  onOpenChange: (open: boolean) => void;
}) {
  const replaceMutation = useReplaceFileContent(appId);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<{ file: FileList }>({}, async (values) => {
    const content = values.file[0]!;
    setProgress({ loaded: 0, total: content.size });
    try {
      await replaceMutation.mutateAsync({ fileId: file.fileId, file: content, onProgress: setProgress });
      onOpenChange(false);
      return `File ${file.name} replaced`;
    } finally {
      setProgress(null);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Replace ${file.name}`}
      description="Download links already handed out stop working; users get the new content from their next request."
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <FormError message={rootError} />
        <TextField
          label="New content"
          type="file"
          error={errors.file?.message}
          {...form.register('file', { validate: (files) => (files?.length ? true : 'Choose a file to upload') })}
        />
        <UploadProgressBar progress={progress} />
        <DialogFooter>
          <DialogClose>
            <button type="button" className="button button-secondary" disabled={isSubmitting}>
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Uploading…' : 'Replace'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
