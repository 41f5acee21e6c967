import { AppDefaults, type CreatedApp } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { applyApiError } from '@/lib/api-form';
import { toast } from '@/lib/toast';
import { useCreateApp } from '../api/create-app';
import '../apps.css';

const NAME_MAX = 64;

interface CreateAppValues {
  name: string;
  version: string;
}

export function CreateAppForm({ onCreated }: { onCreated: (app: CreatedApp) => void }) {
  const form = useForm<CreateAppValues>({ defaultValues: { name: '', version: '' } });
  const createAppMutation = useCreateApp();
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const version = values.version.trim();
    try {
      const app = await createAppMutation.mutateAsync({ name: values.name.trim(), ...(version ? { version } : {}) });
      form.reset();
      toast.success(`Application ${app.name} created`);
      onCreated(app);
    } catch (error) {
      applyApiError(form, error);
    }
  });

  return (
    <form
      className="card create-app-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="create-app-heading"
      noValidate
    >
      <h2 id="create-app-heading">New application</h2>
      <FormError message={errors.root?.server?.message} />
      <div className="form-row">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={NAME_MAX}
          error={errors.name?.message}
          {...form.register('name', {
            validate: (value) => (value.trim().length > 0 ? true : 'Enter a name'),
            maxLength: { value: NAME_MAX, message: `name must be 1-${NAME_MAX} characters` },
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
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create application'}
          </button>
        </div>
      </div>
    </form>
  );
}
