/* The health module's one statement: PostgreSQL answers at all (docs/data-access.md). */
export const PING = 'SELECT 1';
