/** Something an operator should fix that does not stop the service: `/health` still answers 200. */
export type HealthWarningCode = 'AUTOVACUUM_OFF';

export interface HealthWarning {
  code: HealthWarningCode;
  message: string;
}

/** `GET /health`: 200 while PostgreSQL and Redis answer (whatever the warnings), 503 otherwise. */
export interface HealthAnswer {
  status: 'ok' | 'error';
  db: 'up' | 'down';
  redis: 'up' | 'down';
  warnings: HealthWarning[];
}

export const HEALTH_WARNINGS: Record<HealthWarningCode, string> = {
  AUTOVACUUM_OFF:
    'PostgreSQL runs with autovacuum off: deleted and updated rows are never cleaned up, and tables are analyzed only as Latchkey itself writes to them (bulk writes, new users and sessions). Set autovacuum = on in postgresql.conf.',
};
