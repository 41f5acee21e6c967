import type { App } from '@latchkey/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-fields';
import { toast } from '@/lib/toast';
import { useDeleteApp, useForgetApp } from '../api/delete-app';
import '../apps.css';

/** Deleting the app, confirmed by typing its name; `onDeleted` leaves its pages. */
export function AppDangerZone({ app, onDeleted }: { app: App; onDeleted: () => Promise<void> }) {
  const headingId = useId();
  const deleteMutation = useDeleteApp(app.appId);
  const forgetApp = useForgetApp();
  const [confirming, setConfirming] = useState(false);
  const [typedName, setTypedName] = useState('');

  return (
    <section className="card danger-zone" aria-labelledby={headingId}>
      <div className="settings-row">
        <div className="stack-sm">
          <h2 id={headingId}>Delete application</h2>
          <p className="muted">
            Removes {app.name} with all its licenses, users, sessions, variables, files, webhooks and logs. Your
            software stops working at once. This cannot be undone.
          </p>
        </div>
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          Delete application
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setTypedName('');
        }}
        title={`Delete ${app.name}?`}
        description="The application and every record in it are removed for good."
        confirmLabel="Delete application"
        confirmDisabled={typedName !== app.name}
        onConfirm={async () => {
          await deleteMutation.mutateAsync();
          await onDeleted();
          forgetApp(app.appId);
          toast.success(`${app.name} deleted`);
        }}
      >
        <TextField
          label="Application name"
          hint={
            <>
              Type <strong className="break">{app.name}</strong> to confirm.
            </>
          }
          autoComplete="off"
          spellCheck={false}
          value={typedName}
          onChange={(e) => setTypedName(e.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}
