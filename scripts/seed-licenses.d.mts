import type pg from 'pg';

export function seedLicenses(
  pool: pg.Pool,
  options: { appId: string; createdBy: string; count: number },
): Promise<void>;
