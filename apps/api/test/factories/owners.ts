import { randomUUID } from 'node:crypto';
import { http } from '../support/http.js';

export interface Owner {
  email: string;
  password: string;
  token: string;
  accountId: string;
}

/** Signs up a new owner with a unique email. */
export async function signupOwner(): Promise<Owner> {
  const email = `owner-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const res = await http('POST', '/v1/admin/auth/signup', { body: { email, password } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.data.accessToken, accountId: res.body.data.account.id };
}
