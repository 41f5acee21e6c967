import type { FileRecord } from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { useApiForm } from '@/lib/api-form';
import { useReplaceFileContent } from '../api/replace-file-content';
import { FileInputField, UploadProgressBar, useUploadProgress } from './upload-progress';

/** Uploads new content for a file; its name, level and download count stay. */
export function ReplaceFileDialog({ appId, file, onClose }: { appId: string; file: FileRecord; onClose: () => void }) {
  const replaceMutation = useReplaceFileContent(appId);
  const { progress, track } = useUploadProgress();
  const { form, ...submit } = useApiForm<{ file: FileList }>({}, async (values) => {
    const content = values.file[0]!;
    await track(content, (onProgress) =>
      replaceMutation.mutateAsync({ fileId: file.fileId, file: content, onProgress }),
    );
    onClose();
    return `File ${file.name} replaced`;
  });

  return (
    <FormDialog
      onClose={onClose}
      title={`Replace ${file.name}`}
      description="Download links already handed out stop working; users get the new content from their next request."
      form={submit}
      submitLabel="Replace"
      pendingLabel="Uploading…"
      lockCancel
    >
      <FileInputField form={form} label="New content" />
      <UploadProgressBar progress={progress} />
    </FormDialog>
  );
}
