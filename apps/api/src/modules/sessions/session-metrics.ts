import { Counter } from 'prom-client';
import { METRIC_PREFIX } from '../../common/metrics.js';

/** Sessions opened by client calls (login, license, register, upgrade). */
export const sessionsOpened = new Counter({
  name: `${METRIC_PREFIX}sessions_opened_total`,
  help: 'Sessions opened by client calls',
});

/** Live sessions a new one ended because its user was at max_devices (the oldest go first). */
export const sessionsEvicted = new Counter({
  name: `${METRIC_PREFIX}sessions_evicted_total`,
  help: "Live sessions ended by a newer one of the same user beyond the user's max_devices",
});
