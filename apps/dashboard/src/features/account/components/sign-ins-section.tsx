import type { AccountLoginSession } from '@latchkey/contracts';
import { useState } from 'react';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SimpleTable } from '@/components/ui/simple-table';
import { Skeleton } from '@/components/ui/skeleton';
import { describeUserAgent } from '@/lib/user-agent';
import { useSignIns } from '../api/get-sign-ins';
import { useRevokeToken } from '../api/revoke-token';
import '@/components/ui/badge.css';

/** The account's live sign-ins; any but this one can be signed out. */
export function SignInsSection() {
  const signIns = useSignIns();
  const revoke = useRevokeToken();
  const [revoking, setRevoking] = useState<AccountLoginSession | null>(null);

  return (
    <section className="card stack" aria-labelledby="sign-ins-heading">
      <h2 id="sign-ins-heading">Signed-in devices</h2>
      {signIns.error ? <ErrorAlert error={signIns.error} /> : null}
      {signIns.isPending ? (
        <Skeleton height="4em" />
      ) : (
        <SimpleTable label="Signed-in devices" headers={['Device', 'IP', 'Signed in', 'Expires']}>
          {(signIns.data ?? []).map((signIn) => (
            <tr key={signIn.id}>
              <td>
                {signIn.userAgent ? (
                  <span title={signIn.userAgent}>{describeUserAgent(signIn.userAgent)}</span>
                ) : (
                  <span className="muted">Unknown</span>
                )}
                {signIn.current ? <span className="badge badge-info"> This device</span> : null}
              </td>
              <td className="mono">{signIn.ip ?? '—'}</td>
              <td>
                <DateTime value={signIn.createdAt} />
              </td>
              <td>
                <DateTime value={signIn.expiresAt} />
              </td>
              <td className="col-actions">
                {signIn.current ? null : (
                  <button
                    type="button"
                    className="button button-danger button-small"
                    onClick={() => setRevoking(signIn)}
                    aria-label={`Sign out ${signIn.userAgent ? describeUserAgent(signIn.userAgent) : 'unknown device'} from ${signIn.ip ?? 'an unknown address'}, signed in ${new Date(signIn.createdAt).toLocaleString()}`}
                  >
                    Sign out
                  </button>
                )}
              </td>
            </tr>
          ))}
        </SimpleTable>
      )}
      <RowConfirmDialog
        row={revoking}
        onClose={() => setRevoking(null)}
        title="Sign out this device?"
        description={`The sign-in from ${revoking?.ip ?? 'an unknown address'} stops working at once.`}
        confirmLabel="Sign out device"
        onConfirm={async (row) => {
          await revoke.mutateAsync(row.id);
          return 'Device signed out';
        }}
      />
    </section>
  );
}
