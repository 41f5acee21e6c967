import { AppDefaults, type CreatedApp } from '@latchkey/contracts';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { TextField } from '@/components/text-field';
import { useCreateApp } from '../api/create-app';

export function CreateAppForm({ onCreated }: { onCreated: (app: CreatedApp) => void }) {
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const createAppMutation = useCreateApp({
    onSuccess: (app) => {
      setName('');
      setVersion('');
      onCreated(app);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedVersion = version.trim();
    createAppMutation.mutate({
      name: name.trim(),
      ...(trimmedVersion ? { version: trimmedVersion } : {}),
    });
  }

  return (
    <form className="card create-app-form" onSubmit={handleSubmit} aria-labelledby="create-app-heading">
      <h2 id="create-app-heading">New application</h2>
      <ErrorAlert error={createAppMutation.error} />
      <div className="form-row">
        <TextField
          label="Name"
          name="name"
          required
          maxLength={64}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Version"
          name="version"
          placeholder={AppDefaults.version}
          hint={`Optional, defaults to ${AppDefaults.version}.`}
          autoComplete="off"
          value={version}
          onChange={(e) => setVersion(e.target.value)}
        />
        <div className="form-row-action">
          <button type="submit" className="button button-primary" disabled={createAppMutation.isPending}>
            {createAppMutation.isPending ? 'Creating…' : 'Create application'}
          </button>
        </div>
      </div>
    </form>
  );
}
