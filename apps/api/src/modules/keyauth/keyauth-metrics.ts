import { Histogram } from 'prom-client';
import { METRIC_PREFIX } from '../../common/metrics.js';
import { CLIENT_CALL_BUCKETS } from '../client/client-metrics.js';
import { SERVED_TYPES } from './keyauth-wire.js';

/**
 * KeyAuth calls (`/api/1.x/`) by version, type and outcome: `ok` (`success:
 * true`), `refused` (`success: false`), `rate_limited` (429) or `error` (a
 * failure of ours, answered as KeyAuth's "unavailable"). KeyAuth answers most
 * refusals with 200, so the outcome is the answer's, not the status's.
 */
const keyauthCallSeconds = new Histogram({
  name: `${METRIC_PREFIX}keyauth_request_duration_seconds`,
  help: 'KeyAuth endpoint calls by version, type and outcome (ok, refused, rate_limited, error): time from routing to answer',
  labelNames: ['version', 'type', 'outcome'] as const,
  buckets: CLIENT_CALL_BUCKETS,
});

export type KeyAuthOutcome = 'ok' | 'refused' | 'rate_limited' | 'error';

export function recordKeyAuthCall(
  version: string,
  type: string | undefined,
  outcome: KeyAuthOutcome,
  ms: number,
): void {
  // Only the served types are labels, so a client cannot grow the series.
  const label = type !== undefined && SERVED_TYPES.has(type) ? type : 'other';
  keyauthCallSeconds.labels(version, label, outcome).observe(ms / 1000);
}
