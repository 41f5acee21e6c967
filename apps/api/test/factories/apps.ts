import type { CreatedApp } from '@latchkey/contracts';
import { http } from '../support/http.js';
import type { Owner } from './owners.js';

export async function createApp(owner: Owner, fields: Record<string, unknown> = {}): Promise<CreatedApp> {
  const res = await http('POST', '/v1/admin/apps', { token: owner.token, body: { name: 'Test App', ...fields } });
  if (res.status !== 201) throw new Error(`create app failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export function patchApp(owner: Owner, app: { appId: string }, body: Record<string, unknown>) {
  return http('PATCH', `/v1/admin/apps/${app.appId}`, { token: owner.token, body });
}
