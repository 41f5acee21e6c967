import { FileLimits, UpdateFileRequest } from '@latchkey/contracts';
import { FormDialog, type CreateDialogProps } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useUploadFile } from '../api/upload-file';
import { chosenFile, FileInputField, UploadProgressBar, useUploadProgress } from './upload-progress';
import { MIN_LEVEL_RANGE } from '../utils/min-level';

interface UploadValues {
  file: FileList;
  name: string;
  minLevel: number;
}

/** The upload's text fields as sent: the name trimmed, left out when empty (the file's own name is used). */
function toFields(values: UploadValues): UpdateFileRequest & { minLevel: number } {
  const name = values.name.trim();
  return { ...(name ? { name } : {}), minLevel: values.minLevel };
}

/**
 * Uploads a file with its display name and minimum level, showing the
 * upload's progress. Name and level are checked before sending with the API's
 * own rules (the contracts' request shape); the file, outside the shape, with
 * the file input's rule.
 */
export function UploadFileDialog({ appId, open, onOpenChange }: CreateDialogProps) {
  const uploadMutation = useUploadFile(appId);
  const { progress, track } = useUploadProgress();
  const { form, errors, ...submit } = useApiForm<UploadValues>(
    {
      resolver: shapeResolver(UpdateFileRequest, { file: chosenFile }, toFields),
      defaultValues: { name: '', minLevel: FileLimits.minLevelDefault },
    },
    async (values, form) => {
      const file = values.file[0]!;
      const uploaded = await track(file, (onProgress) =>
        uploadMutation.mutateAsync({ file, ...toFields(values), onProgress }),
      );
      onOpenChange(false);
      form.reset();
      return `File ${uploaded.name} uploaded`;
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload a file"
      description="Stored encrypted. Signed-in users whose level is at least the minimum level can download it."
      wide
      form={submit}
      submitLabel="Upload"
      pendingLabel="Uploading…"
      lockCancel
    >
      <FileInputField form={form} label="File" />
      <TextField
        label="Name"
        autoComplete="off"
        hint="Shown to users and used as the download's file name; the file's own name when empty."
        error={errors.name?.message}
        {...form.register('name')}
      />
      <IntegerField form={form} name="minLevel" label="Minimum level" {...MIN_LEVEL_RANGE} />
      <UploadProgressBar progress={progress} />
    </FormDialog>
  );
}
