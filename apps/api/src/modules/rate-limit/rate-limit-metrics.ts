import { Counter } from 'prom-client';
import { METRIC_PREFIX } from '../../common/metrics.js';

/**
 * Attempts refused with 429 by `limit`: `client` (an app's rateLimitPerMinute
 * and the client `log` lines per session), `reseller-create`, and
 * `admin-sign-in` (admin login, signup and password change).
 */
export const rateLimitRefusals = new Counter({
  name: `${METRIC_PREFIX}rate_limit_refusals_total`,
  help: 'Attempts refused with 429 by limit (client, reseller-create, admin-sign-in)',
  labelNames: ['limit'] as const,
});
