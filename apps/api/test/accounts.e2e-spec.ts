import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';

afterAll(closeDb);

describe('owner accounts', () => {
  it('signs up an owner and returns an access token that works', async () => {
    const email = `Signup-${randomUUID()}@Example.com`;
    const res = await http('POST', '/v1/admin/auth/signup', { body: { email, password: 'long enough pw' } });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.account).toEqual({ id: expect.any(String), email: email.toLowerCase(), role: 'owner' });
    const me = await http('GET', '/v1/admin/me', { token: res.body.data.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.account.email).toBe(email.toLowerCase());
  });

  it('refuses a taken email with 409, case-insensitively', async () => {
    const owner = await signupOwner();
    const res = await http('POST', '/v1/admin/auth/signup', {
      body: { email: owner.email.toUpperCase(), password: 'another password' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, code: 'EMAIL_TAKEN', message: 'Email already registered' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'long enough pw' }, 'email must be a valid email address'],
    [{ email: 'a@example.com', password: 'short' }, 'password must be 8-128 characters'],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, 'password must be 8-128 characters'],
    [{ password: 'long enough pw' }, 'email must be a string'],
    [{ email: 'a@example.com', password: 12345678 }, 'password must be a string'],
  ])('rejects invalid signup %j with 400', async (body, message) => {
    const res = await http('POST', '/v1/admin/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toContain(message);
  });

  it('logs in with 200 and a 12 h bearer token', async () => {
    const owner = await signupOwner();
    const res = await http('POST', '/v1/admin/auth/login', { body: { email: owner.email, password: owner.password } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accessToken: expect.stringMatching(/^lka_/),
      tokenType: 'Bearer',
      expiresIn: 43200,
      account: { id: owner.accountId, email: owner.email, role: 'owner' },
    });
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const owner = await signupOwner();
    const wrong = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: 'wrong password' },
    });
    const unknown = await http('POST', '/v1/admin/auth/login', {
      body: { email: `nobody-${randomUUID()}@example.com`, password: 'wrong password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, code: 'INVALID_ADMIN_LOGIN', message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rejects a login without a password with 400', async () => {
    const res = await http('POST', '/v1/admin/auth/login', { body: { email: 'a@example.com' } });
    expect(res.status).toBe(400);
  });

  it('requires a valid bearer token for /me', async () => {
    expect((await http('GET', '/v1/admin/me')).status).toBe(401);
    const garbage = await http('GET', '/v1/admin/me', { token: 'lka_not-a-real-token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ success: false, code: 'UNAUTHORIZED', message: 'Missing or invalid access token' });
    const basic = await http('GET', '/v1/admin/me', { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('logout revokes the presented token only', async () => {
    const owner = await signupOwner();
    const second = await http('POST', '/v1/admin/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    const out = await http('POST', '/v1/admin/auth/logout', { token: owner.token });
    expect(out.status).toBe(200);
    expect((await http('GET', '/v1/admin/me', { token: owner.token })).status).toBe(401);
    expect((await http('GET', '/v1/admin/me', { token: second.body.data.accessToken })).status).toBe(200);
    expect((await http('POST', '/v1/admin/auth/logout')).status).toBe(401);
  });

  it('stores tokens and passwords only as hashes', async () => {
    const owner = await signupOwner();
    const { rows } = await db().query(
      `SELECT a.password_hash, t.token_hash FROM accounts a JOIN access_tokens t ON t.account_id = a.id WHERE a.id = $1`,
      [owner.accountId],
    );
    expect(rows[0].password_hash).toMatch(/^hmac-sha256:\$2b\$/);
    expect(rows[0].password_hash).not.toContain(owner.password);
    expect(Buffer.from(rows[0].token_hash)).toEqual(createHash('sha256').update(owner.token).digest());
  });
});

describe('personal access tokens', () => {
  it('creates a token shown once, usable as a bearer token, listed without the secret', async () => {
    const owner = await signupOwner();
    const created = await http('POST', '/v1/admin/tokens', { token: owner.token, body: { name: 'deploys' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'deploys',
      token: expect.stringMatching(/^lkp_/),
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
      // contract: `expiresAt` is null when the token was created without `expiresInDays`
      expiresAt: null,
      // not narrowed: it acts with its holder's role on each app
      maxRole: null,
    });
    const pat = created.body.data.token;
    expect((await http('GET', '/v1/admin/me', { token: pat })).status).toBe(200);

    const list = await http('GET', '/v1/admin/tokens', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 25, total: 1 });
    expect(list.body.data[0].id).toBe(created.body.data.id);
    expect(list.body.data[0].token).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(pat);
  });

  it('revokes a token; another owner cannot see or revoke it', async () => {
    const owner = await signupOwner();
    const other = await signupOwner();
    const created = await http('POST', '/v1/admin/tokens', { token: owner.token, body: { name: 'ci' } });
    const id = created.body.data.id;
    expect((await http('DELETE', `/v1/admin/tokens/${id}`, { token: other.token })).status).toBe(404);
    expect((await http('GET', '/v1/admin/tokens', { token: other.token })).body.meta.total).toBe(0);
    expect((await http('DELETE', `/v1/admin/tokens/not-a-uuid`, { token: owner.token })).status).toBe(404);
    expect((await http('DELETE', `/v1/admin/tokens/${id}`, { token: owner.token })).status).toBe(200);
    expect((await http('GET', '/v1/admin/me', { token: created.body.data.token })).status).toBe(401);
    expect((await http('DELETE', `/v1/admin/tokens/${id}`, { token: owner.token })).status).toBe(404);
  });

  it('validates the token name and requires auth', async () => {
    const owner = await signupOwner();
    const res = await http('POST', '/v1/admin/tokens', { token: owner.token, body: { name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name must be 1-64 characters');
    expect((await http('POST', '/v1/admin/tokens', { body: { name: 'x' } })).status).toBe(401);
    expect((await http('GET', '/v1/admin/tokens')).status).toBe(401);
  });

  it('rejects bad paging with 400', async () => {
    const owner = await signupOwner();
    expect((await http('GET', '/v1/admin/tokens?limit=101', { token: owner.token })).status).toBe(400);
    expect((await http('GET', '/v1/admin/tokens?page=0', { token: owner.token })).status).toBe(400);
    expect((await http('GET', '/v1/admin/tokens?page=abc', { token: owner.token })).status).toBe(400);
  });
});
