import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyField } from '@/components/ui/copy-field';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SecretNotice } from '@/components/ui/secret-field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useRevokeSellerKey, useRotateSellerKey, useSellerKeyStatus } from '../api/keyauth-seller-key';

/**
 * KeyAuth's seller API for shops, Discord bots and seller panels: whether the
 * app has a seller key, when it was made and last used; create or rotate it
 * (the new key shown once, after a confirmation when one exists) and revoke it.
 */
export function SellerKeySection({ appId, enabled }: { appId: string; enabled: boolean }) {
  const statusQuery = useSellerKeyStatus(appId);
  const rotateMutation = useRotateSellerKey(appId);
  const revokeMutation = useRevokeSellerKey(appId);
  const [created, setCreated] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const status = statusQuery.data;

  const makeKey = async () => {
    setCreated((await rotateMutation.mutateAsync()).sellerKey);
    toast.success(status?.exists ? 'Seller key rotated' : 'Seller key created');
  };

  return (
    <div className="stack-sm">
      <h3>Seller API</h3>
      <p className="muted">
        Shops’ dynamic delivery (Sellix, SellApp), Discord bots and seller panels call KeyAuth’s seller API with a
        seller key. The key is stored hashed and shown only when it is made; every call appears in Logs as “Seller API”.
        {enabled ? null : ' Calls are refused while KeyAuth compatibility is off.'}
      </p>
      {status ? (
        <>
          <CopyField
            label="Seller API URL"
            value={status.endpoint}
            hint="Tools call it as KeyAuth’s: ?sellerkey=…&type=…"
          />
          <dl className="details" aria-label="Seller key status">
            <dt>Seller key</dt>
            <dd>{status.exists ? 'Set' : 'None'}</dd>
            <dt>Created</dt>
            <dd>
              <DateTime value={status.createdAt} empty="—" />
            </dd>
            <dt>Last used</dt>
            <dd>
              <DateTime value={status.lastUsedAt} empty="Never" />
            </dd>
          </dl>
        </>
      ) : statusQuery.error ? (
        <ErrorAlert error={statusQuery.error} title="Could not load the seller key" />
      ) : (
        <Skeleton height="6rem" />
      )}
      {created !== null ? (
        <SecretNotice
          title="New seller key"
          what="seller key"
          label="Seller key"
          copiedStatus="Seller key copied to the clipboard."
          secret={created}
        >
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => setCreated(null)}>
              I have copied it
            </button>
          </div>
        </SecretNotice>
      ) : null}
      <ErrorAlert error={rotateMutation.error ?? revokeMutation.error} />
      {status ? (
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={rotateMutation.isPending}
            onClick={() => (status.exists ? setConfirming('rotate') : void makeKey())}
          >
            {status.exists ? 'Rotate seller key' : 'Create seller key'}
          </button>
          {status.exists ? (
            <button type="button" className="button button-danger" onClick={() => setConfirming('revoke')}>
              Revoke seller key
            </button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => setConfirming(open ? 'rotate' : null)}
        title="Rotate the seller key?"
        description="A new key replaces the current one at once: every shop, bot or panel using the current key is refused until it is given the new one."
        confirmLabel="Rotate seller key"
        onConfirm={makeKey}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        onOpenChange={(open) => setConfirming(open ? 'revoke' : null)}
        title="Revoke the seller key?"
        description="Every seller API call is refused until you create a new key."
        confirmLabel="Revoke seller key"
        onConfirm={async () => {
          await revokeMutation.mutateAsync();
          setCreated(null);
          toast.success('Seller key revoked');
        }}
      />
    </div>
  );
}
