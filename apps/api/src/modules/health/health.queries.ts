/* The health module's statements (docs/data-access.md). */

/** PostgreSQL answers at all. */
export const PING = 'SELECT 1';

/** 'on' or 'off': whether PostgreSQL's autovacuum runs (the local test server's does not). */
export const SHOW_AUTOVACUUM = 'SHOW autovacuum';
