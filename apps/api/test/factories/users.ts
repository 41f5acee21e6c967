import { randomUUID } from 'node:crypto';
import { http } from '../support/http.js';
import type { Owner } from './owners.js';

export const USER_PASSWORD = 'hunter22';

/** A unique valid username. */
export function username(prefix = 'user'): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

/** Creates an end user through the admin API; returns the user record. */
export async function createUser(owner: Owner, app: { appId: string }, fields: Record<string, unknown> = {}) {
  const res = await http('POST', `/v1/admin/apps/${app.appId}/users`, {
    token: owner.token,
    body: { username: username(), password: USER_PASSWORD, ...fields },
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { userId: string; username: string; [field: string]: unknown };
}
