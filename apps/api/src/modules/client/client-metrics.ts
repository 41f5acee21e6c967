import { CLIENT_REQUEST_TYPES } from '@latchkey/contracts';
import { Histogram } from 'prom-client';
import { METRIC_PREFIX } from '../../common/metrics.js';

/** What became of a client call, from its status: a fixed set, so the series stay few. */
const OUTCOMES = ['ok', 'refused', 'rate_limited', 'unavailable', 'error'] as const;
type Outcome = (typeof OUTCOMES)[number];
/** The `type` label of a call whose type is missing or not one of the contract's. */
const UNKNOWN_TYPE = 'unknown';

function outcomeOf(status: number): Outcome {
  if (status < 400) return 'ok';
  if (status === 429) return 'rate_limited';
  if (status < 500) return 'refused';
  return status === 503 ? 'unavailable' : 'error';
}

/** Seconds, from 0.5 ms (a cached `init`) to 2.5 s (a password hash under load); the KeyAuth endpoint's too. */
export const CLIENT_CALL_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * `POST /v1` calls by `type` and outcome, with their latency: the
 * histogram's `_count` is the number of calls, so no separate counter is kept.
 */
const clientCallSeconds = new Histogram({
  name: `${METRIC_PREFIX}client_request_duration_seconds`,
  help: 'POST /v1 calls by type and outcome (ok, refused, rate_limited, unavailable, error): time from routing to answer',
  labelNames: ['type', 'outcome'] as const,
  buckets: CLIENT_CALL_BUCKETS,
});

type Observe = (seconds: number) => void;

/** One bound observer per type and outcome, made once: a call only looks its pair up. */
const observers = new Map<string, Record<Outcome, Observe>>(
  [...CLIENT_REQUEST_TYPES, UNKNOWN_TYPE].map((type) => [
    type,
    Object.fromEntries(OUTCOMES.map((outcome) => [outcome, clientCallSeconds.labels(type, outcome).observe])) as Record<
      Outcome,
      Observe
    >,
  ]),
);
const unknownTypeObservers = observers.get(UNKNOWN_TYPE)!;

/** Records a finished client call: `type` as the body gave it (anything else counts as `unknown`). */
export function recordClientCall(type: unknown, status: number, elapsedMs: number): void {
  const byOutcome = (typeof type === 'string' && observers.get(type)) || unknownTypeObservers;
  byOutcome[outcomeOf(status)](elapsedMs / 1000);
}
