import { http } from '../support/http.js';
import type { Owner } from './owners.js';

/** Generates keys through the admin API; returns the license records. */
export async function createLicenses(
  owner: Owner,
  app: { appId: string },
  fields: Record<string, unknown> = {},
): Promise<Array<{ id: string; key: string; [field: string]: unknown }>> {
  const res = await http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
    token: owner.token,
    body: { durationType: '30d', ...fields },
  });
  if (res.status !== 201) throw new Error(`create licenses failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createLicense(owner: Owner, app: { appId: string }, fields: Record<string, unknown> = {}) {
  return (await createLicenses(owner, app, { ...fields, count: 1 }))[0]!;
}
