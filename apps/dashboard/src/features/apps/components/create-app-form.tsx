import { AppDefaults, AppLimits, CreateAppRequest, type CreatedApp } from '@latchkey/contracts';
import { FormError } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/api-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { useCreateApp } from '../api/create-app';
import '../apps.css';

interface CreateAppValues {
  name: string;
  version: string;
}

/** The body sent: text trimmed, an empty version left out (the API's default). */
function toRequest(values: CreateAppValues): CreateAppRequest {
  const version = values.version.trim();
  return { name: values.name.trim(), ...(version ? { version } : {}) };
}

/** A blank name in the form's own words (the API's would be its length rule). */
const BLANK_NAME = { name: (name: string) => name.trim().length > 0 || 'Enter a name' };

/** Checked before sending with the API's own rules (the contracts' request shape), on the body it sends. */
export function CreateAppForm({ onCreated }: { onCreated: (app: CreatedApp) => void }) {
  const createAppMutation = useCreateApp();
  const { form, onSubmit, errors, isSubmitting, rootError } = useApiForm<CreateAppValues>(
    { resolver: shapeResolver(CreateAppRequest, BLANK_NAME, toRequest), defaultValues: { name: '', version: '' } },
    async (values, form) => {
      const app = await createAppMutation.mutateAsync(toRequest(values));
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
          {...form.register('name')}
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
