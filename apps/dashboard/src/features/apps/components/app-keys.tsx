import type { App } from '@latchkey/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyField } from '@/components/ui/copy-field';
import { SecretOnceDialog } from '@/components/ui/secret-once-dialog';
import { toast } from '@/lib/toast';
import { useRotateApiKey } from '../api/rotate-api-key';
import '../apps.css';

/**
 * What the app's software needs besides its ID: the API key (shown only at
 * creation; rotating issues a new one, shown once) and the public key that
 * verifies signed responses and offline tickets.
 */
export function AppKeys({ app }: { app: App }) {
  const headingId = useId();
  const rotateMutation = useRotateApiKey(app.appId);
  const [confirming, setConfirming] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Keys for your software</h2>
      <div className="settings-row">
        <div className="stack-sm">
          <h3>API key</h3>
          <p className="muted">
            Your software sends it with every request. It is shown only when created; if it leaked, rotate it: the
            current key stops working at once.
          </p>
        </div>
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          Rotate API key
        </button>
      </div>
      <CopyField
        label="Public key"
        value={app.publicKey}
        hint="Ed25519, base64: verifies the X-Signature-Ed25519 header of every response and the offline tickets."
      />
      <CopyField label="Key ID" value={app.keyId} hint="The kid in the header of offline tickets." />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the API key?"
        description="The current key stops working immediately: every copy of your software still using it gets “Invalid application credentials” until it has the new key."
        confirmLabel="Rotate key"
        onConfirm={async () => {
          setNewKey(await rotateMutation.mutateAsync());
          toast.success('API key rotated');
        }}
      />
      <SecretOnceDialog title="New API key" label="API key" secret={newKey} onClose={() => setNewKey(null)}>
        <p>
          Put it in your software in place of the old one, with the app ID <code>{app.appId}</code>.
        </p>
      </SecretOnceDialog>
    </section>
  );
}
