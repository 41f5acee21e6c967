import type { App } from '@latchkey/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretOnceDialog } from '@/components/ui/secret-once-dialog';
import { toast } from '@/lib/toast';
import { useDeleteApp } from '../api/delete-app';
import { useRotateApiKey } from '../api/rotate-api-key';

/** Rotating the API key (the new one shown once) and deleting the app after typing its name. */
export function AppDangerZone({ app }: { app: App }) {
  const navigate = useNavigate();
  const rotateMutation = useRotateApiKey(app.appId);
  const deleteMutation = useDeleteApp(app.appId);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');
  const nameId = useId();

  return (
    <section className="danger-zone stack" aria-labelledby={`${nameId}-heading`}>
      <h2 id={`${nameId}-heading`}>Keys and deletion</h2>
      <div className="danger-row">
        <div>
          <h3>Rotate the API key</h3>
          <p className="muted">A new key for your software; the current one stops working at once.</p>
        </div>
        <button type="button" className="button button-secondary" onClick={() => setConfirming('rotate')}>
          Rotate API key
        </button>
      </div>
      <div className="danger-row">
        <div>
          <h3>Delete this application</h3>
          <p className="muted">Its keys, users, sessions, files, webhooks and logs are removed for good.</p>
        </div>
        <button type="button" className="button button-danger" onClick={() => setConfirming('delete')}>
          Delete application
        </button>
      </div>
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Rotate the API key?"
        description="Copies of your software built with the current key get “Invalid application credentials” until they have the new one."
        confirmLabel="Rotate key"
        onConfirm={async () => {
          setNewKey(await rotateMutation.mutateAsync());
          toast.success('API key rotated');
        }}
      />
      <SecretOnceDialog title="New API key" label="API key" secret={newKey} onClose={() => setNewKey(null)}>
        <p>
          Put it in your software's build in place of the old one. App ID <code>{app.appId}</code>.
        </p>
      </SecretOnceDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            setTypedName('');
          }
        }}
        title={`Delete ${app.name}?`}
        description="This cannot be undone. Type the application's name to confirm."
        confirmLabel="Delete application"
        confirmDisabled={typedName !== app.name}
        onConfirm={async () => {
          await deleteMutation.mutateAsync();
          toast.success(`${app.name} deleted`);
          await navigate({ to: '/apps' });
        }}
      >
        <div className="field">
          <label htmlFor={nameId}>Application name</label>
          <input id={nameId} autoComplete="off" value={typedName} onChange={(e) => setTypedName(e.target.value)} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
