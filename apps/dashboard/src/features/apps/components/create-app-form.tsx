import { AppDefaults, AppLimits, FieldMessage, type CreatedApp } from '@latchkey/contracts';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { useCreateApp } from '../api/create-app';
import '../apps.css';

interface CreateAppValues {
  name: string;
  version: string;
}

export function CreateAppForm({ onCreated }: { onCreated: (app: CreatedApp) => void }) {
  const createAppMutation = useCreateApp();
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<CreateAppValues>(
    { defaultValues: { name: '', version: '' } },
    async (values, form) => {
      const version = values.version.trim();
      const app = await createAppMutation.mutateAsync({ name: values.name.trim(), ...(version ? { version } : {}) });
      form.reset();
      onCreated(app);
      return `Application ${app.name} created`;
    },
  );

  return (
    <form className="card create-app-form" onSubmit={onSubmit} aria-labelledby="create-app-heading" noValidate>
      <h2 id="create-app-heading">New application</h2>
      <FormError message={rootError} />
      <div className="form-row">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={AppLimits.nameMax}
          error={errors.name?.message}
          {...form.register('name', {
            validate: (value) => (value.trim().length > 0 ? true : 'Enter a name'),
            maxLength: {
              value: AppLimits.nameMax,
              message: FieldMessage.length('name', AppLimits.nameMin, AppLimits.nameMax),
            },
          })}
        />
        <TextField
          label="Version"
          placeholder={AppDefaults.version}
          hint={`Optional, defaults to ${AppDefaults.version}.`}
          autoComplete="off"
          error={errors.version?.message}
          {...form.register('version')}
        />
        <div className="form-row-action">
          <SubmitButton submitting={isSubmitting} label="Create application" pendingLabel="Creating…" />
        </div>
      </div>
    </form>
  );
}
