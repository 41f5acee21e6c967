import { describeUserAgent } from '@/lib/user-agent';
import type { AccountSignIn } from '@latchkey/contracts';
import { DateTime } from '@/components/ui/date-time';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SimpleTable } from '@/components/ui/simple-table';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignInHistory } from '../api/get-sign-in-history';
import '@/components/ui/badge.css';

const EVENTS: Record<AccountSignIn['kind'], string> = {
  'sign-in': 'Sign-in',
  'totp-enabled': 'Two-factor turned on',
  'totp-disabled': 'Two-factor turned off',
  'recovery-codes-regenerated': 'New recovery codes',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
};

const METHODS: Record<AccountSignIn['method'], string> = {
  password: 'Password',
  totp: 'Authenticator app',
  recovery: 'Recovery code',
  passkey: 'Passkey',
};

const OUTCOMES: Record<AccountSignIn['outcome'], { label: string; tone: string }> = {
  success: { label: 'Succeeded', tone: 'badge-success' },
  failed: { label: 'Failed', tone: 'badge-danger' },
  challenged: { label: 'Second step asked', tone: 'badge-neutral' },
};

/** The account's recent sign-ins, failed second steps and second-factor changes, newest first. */
export function SignInHistorySection() {
  const history = useSignInHistory();
  return (
    <section className="card stack" aria-labelledby="sign-in-history-heading">
      <h2 id="sign-in-history-heading">Recent sign-ins</h2>
      {history.error ? <ErrorAlert error={history.error} /> : null}
      {history.isPending ? (
        <Skeleton height="4em" />
      ) : (
        <SimpleTable label="Recent sign-ins" headers={['When', 'Event', 'With', 'Result', 'IP', 'Device']}>
          {(history.data ?? []).map((event) => (
            <tr key={event.id}>
              <td>
                <DateTime value={event.at} />
              </td>
              <td>{EVENTS[event.kind] ?? event.kind}</td>
              <td>{METHODS[event.method] ?? event.method}</td>
              <td>
                <span className={`badge ${OUTCOMES[event.outcome]?.tone ?? 'badge-neutral'}`}>
                  {OUTCOMES[event.outcome]?.label ?? event.outcome}
                </span>
                {event.reason ? <span className="muted"> {event.reason}</span> : null}
              </td>
              <td className="mono">{event.ip ?? '—'}</td>
              <td>
                {event.userAgent ? (
                  <span title={event.userAgent}>{describeUserAgent(event.userAgent)}</span>
                ) : (
                  <span className="muted">Unknown</span>
                )}
              </td>
              <td className="col-actions" />
            </tr>
          ))}
        </SimpleTable>
      )}
    </section>
  );
}
