import type { HealthWarning } from '@latchkey/contracts';
import type { Config } from '../config/config.js';

/** One line of the start-up summary. */
export interface StartUpLine {
  level: 'info' | 'warn';
  msg: string;
}

/** How many API processes cluster.js runs for API_PROCESSES (`auto`: one per core). */
export function apiProcessCount(config: Pick<Config, 'API_PROCESSES'>, cores: number): number {
  return config.API_PROCESSES === 'auto' ? cores : Number(config.API_PROCESSES);
}

/** A connection URL as it may be logged: the password replaced, the rest kept so the operator sees where it goes. */
export function loggableConnectionUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '[unparseable URL]';
  }
}

function dependencies(config: Config): StartUpLine {
  return {
    level: 'info',
    msg:
      `PostgreSQL ${loggableConnectionUrl(config.DATABASE_URL)} (up to ${config.DATABASE_POOL_SIZE} connections ` +
      `per process), Redis ${loggableConnectionUrl(config.REDIS_URL)}`,
  };
}

function warnings(found: HealthWarning[]): StartUpLine[] {
  return found.map((w) => ({ level: 'warn', msg: w.message }));
}

/**
 * What an operator needs from an API process's start, in a few lines: where
 * it listens, which database and Redis, how many processes, and what is off.
 * Only the first process of a cluster says more than where it listens.
 */
export function apiStartUpSummary(
  config: Config,
  facts: { first: boolean; cores: number; dashboard: boolean; healthWarnings: HealthWarning[]; sodium: boolean },
): StartUpLine[] {
  const { first, cores, dashboard, healthWarnings, sodium } = facts;
  const served = dashboard ? 'dashboard at /, API docs at /docs' : 'API docs at /docs; no dashboard built';
  const listening: StartUpLine = {
    level: 'info',
    msg: `Latchkey API listening on http://${config.HOST}:${config.PORT} (${served})`,
  };
  if (!first) return [listening];
  const processes = apiProcessCount(config, cores);
  const lines: StartUpLine[] = [
    listening,
    dependencies(config),
    {
      level: 'info',
      msg: `${processes} API process${processes === 1 ? '' : 'es'} (API_PROCESSES=${config.API_PROCESSES}); webhooks and bulk jobs run in the worker`,
    },
  ];
  lines.push({
    level: 'info',
    msg: config.METRICS_PORT
      ? `Prometheus metrics at http://${config.HOST}:${config.METRICS_PORT}/metrics` +
        (processes > 1 ? ` (summed over the ${processes} processes)` : '')
      : 'Prometheus metrics are off (METRICS_PORT=0)',
  });
  if (!config.SIGNUP_ENABLED) lines.push({ level: 'info', msg: 'Owner sign-up is off (SIGNUP_ENABLED=false)' });
  if (!sodium) {
    lines.push({
      level: 'warn',
      msg: "sodium-native did not load on this platform: answers are signed with OpenSSL's Ed25519, about half as fast",
    });
  }
  return [...lines, ...warnings(healthWarnings)];
}

/** The worker's start: what it runs, its probe listener, its dependencies, and warnings. */
export function workerStartUpSummary(config: Config, healthWarnings: HealthWarning[]): StartUpLine[] {
  const probes = config.WORKER_HEALTH_PORT ? `; health and metrics on ${config.HOST}:${config.WORKER_HEALTH_PORT}` : '';
  return [
    {
      level: 'info',
      msg: `Latchkey worker ready: webhook deliveries (${config.WEBHOOK_CONCURRENCY} at a time), bulk jobs, audit retention${probes}`,
    },
    dependencies(config),
    ...mail(config),
    ...warnings(healthWarnings),
  ];
}

/** Whether order emails go out, through which server (its host only: the URL may hold a password). */
function mail(config: Config): StartUpLine[] {
  if (!config.SMTP_URL) return [{ level: 'info', msg: 'Order emails are off (no SMTP_URL)' }];
  const lines: StartUpLine[] = [
    { level: 'info', msg: `Order emails through ${URL.parse(config.SMTP_URL)?.host ?? 'SMTP'}` },
  ];
  if (!config.PUBLIC_URL) {
    lines.push({ level: 'warn', msg: 'PUBLIC_URL is not set: order emails carry no order page link' });
  }
  return lines;
}
