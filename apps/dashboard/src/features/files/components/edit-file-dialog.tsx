import { UpdateFileRequest, type FileRecord } from '@latchkey/contracts';
import { FormDialog } from '@/components/ui/form-dialog';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { IntegerField } from '@/components/ui/integer-field';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useUpdateFile } from '../api/update-file';
import { MIN_LEVEL_RANGE } from '../utils/min-level';

interface EditValues {
  name: string;
  minLevel: number;
  portalOffered: boolean;
}

/** Renames a file, changes the level it needs or whether the customer page offers it, checked before sending with the API's own rules (the contracts' request shape). */
export function EditFileDialog({ appId, file, onClose }: { appId: string; file: FileRecord; onClose: () => void }) {
  const updateMutation = useUpdateFile(appId);
  const { form, errors, ...submit } = useApiForm<EditValues>(
    {
      resolver: shapeResolver(UpdateFileRequest),
      values: { name: file.name, minLevel: file.minLevel, portalOffered: file.portalOffered },
    },
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
      <CheckboxField
        label="Offered on the customer page"
        hint="Customers whose level allows it download it there, through the same single-use links as /v1."
        {...form.register('portalOffered')}
      />
    </FormDialog>
  );
}
