import { UpdateFileRequest, type FileRecord } from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useUpdateFile } from '../api/update-file';
import { MIN_LEVEL_RANGE } from '../utils/min-level';

interface EditValues {
  name: string;
  minLevel: number;
}

/** Renames a file or changes the level it needs, checked before sending with the API's own rules (the contracts' request shape). */
export function EditFileDialog({ appId, file, onClose }: { appId: string; file: FileRecord; onClose: () => void }) {
  const updateMutation = useUpdateFile(appId);
  const { form, errors, ...submit } = useApiForm<EditValues>(
    { resolver: shapeResolver(UpdateFileRequest), values: { name: file.name, minLevel: file.minLevel } },
    async (values) => {
      const saved = await updateMutation.mutateAsync({ fileId: file.fileId, ...values });
      onClose();
      return `File ${saved.name} saved`;
    },
  );

  return (
    <FormDialog onClose={onClose} title={`Edit ${file.name}`} form={submit} submitLabel="Save" pendingLabel="Saving…">
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <IntegerField form={form} name="minLevel" label="Minimum level" {...MIN_LEVEL_RANGE} />
    </FormDialog>
  );
}
