import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createApp, createUser, type Owner, signupOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { http } from './support/http.js';
import { memberOf } from './support/members.js';
import { LIST_APPS, REACHABLE_APP } from '../src/modules/apps/apps.queries.js';
import { listEntries } from '../src/modules/audit/audit.queries.js';
import { LIST_MEMBERS } from '../src/modules/members/members.queries.js';

/** Teams (issue 28): invitations, members acting within their role, and changes that hold at once. */

const ROLE_REFUSAL = { success: false, code: 'ROLE_NOT_ALLOWED', message: 'Not allowed for your role' };
const GONE = { success: false, code: 'INVITATION_GONE', message: 'Invitation expired or already used' };

let owner: Owner;
let appId: string;

beforeAll(async () => {
  owner = await signupOwner();
  appId = (await createApp(owner, { name: 'Team app' })).appId;
});
afterAll(closeDb);

function invite(role: string, by: Owner = owner, body: Record<string, unknown> = {}) {
  return http('POST', `/v1/admin/apps/${appId}/invitations`, { token: by.token, body: { role, ...body } });
}

function accept(token: string, as: Owner) {
  return http('POST', '/v1/admin/invitations/accept', { token: as.token, body: { token } });
}

const generate = (token: string) =>
  http('POST', `/v1/admin/apps/${appId}/licenses`, { token, body: { durationType: '1d' } });
const listLicenses = (token: string) => http('GET', `/v1/admin/apps/${appId}/licenses`, { token });

describe('invitations', () => {
  it('are created with a single-use link, previewed without a token, and accepted by a new account', async () => {
    const created = await invite('support', owner, { expiresInHours: 2, label: 'For Sam, support' });
    expect(created.status).toBe(201);
    const { token, url, expiresAt, role, id, label } = created.body.data;
    expect(label).toBe('For Sam, support');
    expect(token).toMatch(/^lki_[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`/invite/${token}`);
    expect(role).toBe('support');
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    // Only the hash is stored.
    const { rows } = await db().query(`SELECT token_hash FROM app_invitations WHERE id = $1`, [id]);
    expect(rows[0].token_hash.toString('utf8')).not.toContain(token.slice(4));

    const pending = await http('GET', `/v1/admin/apps/${appId}/invitations`, { token: owner.token });
    expect(pending.body.data).toContainEqual({
      id,
      role: 'support',
      label: 'For Sam, support',
      createdAt: expect.any(String),
      expiresAt,
      inviterEmail: owner.email,
    });
    expect(JSON.stringify(pending.body)).not.toContain(token);

    const preview = await http('GET', `/v1/admin/invitations/${token}`);
    expect(preview.body).toEqual({
      success: true,
      data: { appName: 'Team app', role: 'support', expiresAt, inviterEmail: owner.email },
    });

    const member = await signupOwner(); // signs up from the invitation page, then accepts
    const accepted = await accept(token, member);
    expect(accepted.body).toEqual({ success: true, data: { appId, role: 'support' } });

    const members = await http('GET', `/v1/admin/apps/${appId}/members`, { token: owner.token });
    expect(members.body.data[0]).toEqual({
      accountId: owner.accountId,
      email: owner.email,
      role: 'owner',
      createdAt: expect.any(String),
      owner: true,
    });
    expect(members.body.data).toContainEqual({
      accountId: member.accountId,
      email: member.email,
      role: 'support',
      createdAt: expect.any(String),
      owner: false,
    });
    // Used: no longer pending, no longer previewable.
    const after = await http('GET', `/v1/admin/apps/${appId}/invitations`, { token: owner.token });
    expect(after.body.data.map((i: { id: string }) => i.id)).not.toContain(id);
    expect(await http('GET', `/v1/admin/invitations/${token}`)).toMatchObject({ status: 410, body: GONE });
  });

  it('are accepted by an existing account, which then sees the app among its own with its role', async () => {
    const existing = await signupOwner();
    const ownApp = await createApp(existing, { name: 'Its own' });
    const created = await invite('viewer');
    expect((await accept(created.body.data.token, existing)).status).toBe(200);
    const list = await http('GET', '/v1/admin/apps', { token: existing.token });
    const roles = Object.fromEntries(list.body.data.map((a: { appId: string; role: string }) => [a.appId, a.role]));
    expect(roles).toEqual({ [ownApp.appId]: 'owner', [appId]: 'viewer' });
    const one = await http('GET', `/v1/admin/apps/${appId}`, { token: existing.token });
    expect(one.body.data).toMatchObject({ appId, name: 'Team app', role: 'viewer' });
    const mine = await http('GET', `/v1/admin/apps/${appId}`, { token: owner.token });
    expect(mine.body.data.role).toBe('owner');
  });

  it('work once: a second accept is refused, and of two parallel accepts exactly one wins', async () => {
    const first = await invite('viewer');
    const [a, b] = [await signupOwner(), await signupOwner()];
    expect((await accept(first.body.data.token, a)).status).toBe(200);
    expect(await accept(first.body.data.token, b)).toMatchObject({ status: 410, body: GONE });

    const raced = await invite('viewer');
    const racers = await Promise.all(Array.from({ length: 6 }, () => signupOwner()));
    const answers = await Promise.all(racers.map((racer) => accept(raced.body.data.token, racer)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
    const { rows } = await db().query(
      `SELECT count(*)::int AS n FROM app_members WHERE app_id = $1 AND account_id = ANY($2)`,
      [appId, racers.map((r) => r.accountId)],
    );
    expect(rows[0].n).toBe(1);
  });

  it('expire', async () => {
    const created = await invite('viewer');
    await db().query(`UPDATE app_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      created.body.data.id,
    ]);
    expect(await accept(created.body.data.token, await signupOwner())).toMatchObject({ status: 410, body: GONE });
    expect(await http('GET', `/v1/admin/invitations/${created.body.data.token}`)).toMatchObject({ status: 410 });
    const pending = await http('GET', `/v1/admin/apps/${appId}/invitations`, { token: owner.token });
    expect(pending.body.data.map((i: { id: string }) => i.id)).not.toContain(created.body.data.id);
  });

  it('can be revoked, and a revoked one is refused', async () => {
    const created = await invite('manager');
    const revoked = await http('DELETE', `/v1/admin/apps/${appId}/invitations/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    expect(await accept(created.body.data.token, await signupOwner())).toMatchObject({ status: 410, body: GONE });
    const again = await http('DELETE', `/v1/admin/apps/${appId}/invitations/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(again.status).toBe(404);
  });

  it('are refused to the owner and to members (409), and stay usable for the invitee', async () => {
    const created = await invite('viewer');
    const conflict = await accept(created.body.data.token, owner);
    expect(conflict).toMatchObject({ status: 409, body: { code: 'ALREADY_MEMBER' } });
    const member = await memberOf(owner, appId, 'viewer');
    expect(await accept(created.body.data.token, member)).toMatchObject({ status: 409 });
    expect((await accept(created.body.data.token, await signupOwner())).status).toBe(200);
  });

  it('answer 404 for an unknown token, and validate their fields', async () => {
    const unknown = `lki_${'A'.repeat(43)}`;
    expect((await http('GET', `/v1/admin/invitations/${unknown}`)).status).toBe(404);
    expect((await accept(unknown, await signupOwner())).status).toBe(404);
    expect((await invite('owner')).status).toBe(400);
    expect((await invite('viewer', owner, { expiresInHours: 169 })).status).toBe(400);
    const tooLong = await invite('viewer', owner, { label: 'x'.repeat(65) });
    expect([tooLong.status, tooLong.body.errors]).toEqual([400, ['label must be at most 64 characters']]);
    const control = await invite('viewer', owner, { label: 'For\u0007Sam' });
    expect([control.status, control.body.errors]).toEqual([400, ['label must not contain control characters']]);
    const unlabelled = await invite('viewer', owner, { label: null });
    expect([unlabelled.status, unlabelled.body.data.label]).toEqual([201, null]);
  });
});

describe('members act within their role', () => {
  it('a support member reads and acts on users, and is refused writes outside its role', async () => {
    const support = await memberOf(owner, appId, 'support');
    const user = await createUser(owner, { appId });
    expect((await listLicenses(support.token)).status).toBe(200);
    const ban = await http('POST', `/v1/admin/apps/${appId}/users/${user.userId}/ban`, {
      token: support.token,
      body: { reason: 'chargeback' },
    });
    expect(ban.status).toBe(200);
    expect(await generate(support.token)).toMatchObject({ status: 403, body: ROLE_REFUSAL });
    const webhooks = await http('GET', `/v1/admin/apps/${appId}/webhooks`, { token: support.token });
    expect(webhooks).toMatchObject({ status: 403, body: ROLE_REFUSAL });
    const del = await http('DELETE', `/v1/admin/apps/${appId}`, { token: support.token });
    expect(del).toMatchObject({ status: 403, body: ROLE_REFUSAL });
  });

  it('a member of one app gets 404 on another owner’s app', async () => {
    const member = await memberOf(owner, appId, 'admin');
    const other = await createApp(await signupOwner());
    const res = await http('GET', `/v1/admin/apps/${other.appId}/licenses`, { token: member.token });
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('an admin manages members up to its own role, never the owner', async () => {
    const admin = await memberOf(owner, appId, 'admin');
    const viewer = await memberOf(owner, appId, 'viewer');
    const path = (id: string) => `/v1/admin/apps/${appId}/members/${id}`;
    // Raise a viewer to admin (its own role): fine; to owner: not a member role at all.
    expect((await http('PATCH', path(viewer.accountId), { token: admin.token, body: { role: 'admin' } })).status).toBe(
      200,
    );
    const toOwner = await http('PATCH', path(viewer.accountId), { token: admin.token, body: { role: 'owner' } });
    expect(toOwner.status).toBe(400);
    // The owner is neither changed nor removed.
    const owned = await http('PATCH', path(owner.accountId), { token: admin.token, body: { role: 'viewer' } });
    expect(owned).toMatchObject({ status: 403, body: ROLE_REFUSAL });
    expect(await http('DELETE', path(owner.accountId), { token: admin.token })).toMatchObject({
      status: 403,
      body: ROLE_REFUSAL,
    });
    // A manager may not manage members at all.
    const manager = await memberOf(owner, appId, 'manager');
    expect(await invite('viewer', manager)).toMatchObject({ status: 403, body: ROLE_REFUSAL });
    expect(await http('DELETE', path(viewer.accountId), { token: manager.token })).toMatchObject({
      status: 403,
      body: ROLE_REFUSAL,
    });
    // The admin removes the (now admin) member; unknown accounts are 404.
    expect((await http('DELETE', path(viewer.accountId), { token: admin.token })).status).toBe(200);
    expect((await http('DELETE', path(randomUUID()), { token: admin.token })).status).toBe(404);
  });

  it('any member may leave', async () => {
    const viewer = await memberOf(owner, appId, 'viewer');
    const left = await http('DELETE', `/v1/admin/apps/${appId}/members/${viewer.accountId}`, { token: viewer.token });
    expect(left.status).toBe(200);
    expect((await listLicenses(viewer.token)).status).toBe(404);
  });
});

describe('a change of role holds from the next request, tokens included', () => {
  it('demotion and removal apply to the member’s existing login and personal tokens', async () => {
    const member = await memberOf(owner, appId, 'manager');
    const pat = (await http('POST', '/v1/admin/tokens', { token: member.token, body: { name: 'ci' } })).body.data.token;
    for (const token of [member.token, pat]) expect((await generate(token)).status).toBe(201);

    const demoted = await http('PATCH', `/v1/admin/apps/${appId}/members/${member.accountId}`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect(demoted.body.data).toMatchObject({ accountId: member.accountId, role: 'viewer' });
    for (const token of [member.token, pat]) {
      expect(await generate(token)).toMatchObject({ status: 403, body: ROLE_REFUSAL });
      expect((await listLicenses(token)).status).toBe(200);
    }

    await http('DELETE', `/v1/admin/apps/${appId}/members/${member.accountId}`, { token: owner.token });
    for (const token of [member.token, pat]) {
      expect((await listLicenses(token)).status).toBe(404);
      const apps = await http('GET', '/v1/admin/apps', { token });
      expect(apps.body.data.map((a: { appId: string }) => a.appId)).not.toContain(appId);
    }
  });
});

describe('personal access tokens narrowed by maxRole', () => {
  it('act with the weaker of the holder’s role and the ceiling, the owner’s tokens too', async () => {
    const admin = await memberOf(owner, appId, 'admin');
    const narrow = await http('POST', '/v1/admin/tokens', {
      token: admin.token,
      body: { name: 'read only', maxRole: 'viewer' },
    });
    expect(narrow.body.data.maxRole).toBe('viewer');
    const listed = await http('GET', '/v1/admin/tokens', { token: admin.token });
    expect(listed.body.data[0]).toMatchObject({ id: narrow.body.data.id, maxRole: 'viewer' });
    expect((await listLicenses(narrow.body.data.token)).status).toBe(200);
    expect(await generate(narrow.body.data.token)).toMatchObject({ status: 403, body: ROLE_REFUSAL });
    const one = await http('GET', `/v1/admin/apps/${appId}`, { token: narrow.body.data.token });
    expect(one.body.data.role).toBe('viewer');

    const ownerPat = await http('POST', '/v1/admin/tokens', {
      token: owner.token,
      body: { name: 'm', maxRole: 'manager' },
    });
    expect((await generate(ownerPat.body.data.token)).status).toBe(201);
    const settings = await http('PATCH', `/v1/admin/apps/${appId}`, { token: ownerPat.body.data.token, body: {} });
    expect(settings).toMatchObject({ status: 403, body: ROLE_REFUSAL });

    // A ceiling is not lower than the holder's role: a support member's admin-capped token is still support.
    const support = await memberOf(owner, appId, 'support');
    const capped = await http('POST', '/v1/admin/tokens', {
      token: support.token,
      body: { name: 'c', maxRole: 'admin' },
    });
    expect(await generate(capped.body.data.token)).toMatchObject({ status: 403 });
  });

  it('cannot be escaped by minting a token with a narrowed one: it mints none', async () => {
    const narrow = await http('POST', '/v1/admin/tokens', {
      token: owner.token,
      body: { name: 'n', maxRole: 'viewer' },
    });
    const narrowToken = narrow.body.data.token;
    const raised = await http('POST', '/v1/admin/tokens', {
      token: narrowToken,
      body: { name: 'up', maxRole: 'admin' },
    });
    expect(raised).toMatchObject({ status: 403, body: ROLE_REFUSAL });
    const same = await http('POST', '/v1/admin/tokens', { token: narrowToken, body: { name: 'same' } });
    expect(same).toMatchObject({ status: 403, body: ROLE_REFUSAL });
  });
});

describe('the audit log names the account behind each change', () => {
  it('records actorId on changes and member events, and filters by it', async () => {
    const teamOwner = await signupOwner();
    const teamApp = (await createApp(teamOwner)).appId;
    const logs = (query: string) => http('GET', `/v1/admin/apps/${teamApp}/logs?${query}`, { token: teamOwner.token });
    const manager = await memberOf(teamOwner, teamApp, 'manager');
    const gen = (token: string) =>
      http('POST', `/v1/admin/apps/${teamApp}/licenses`, { token, body: { durationType: '1d' } });
    expect((await gen(manager.token)).status).toBe(201);
    expect((await gen(teamOwner.token)).status).toBe(201);
    const member = `/v1/admin/apps/${teamApp}/members/${manager.accountId}`;
    await http('PATCH', member, { token: teamOwner.token, body: { role: 'viewer' } });
    const spare = await http('POST', `/v1/admin/apps/${teamApp}/invitations`, {
      token: teamOwner.token,
      body: { role: 'viewer' },
    });
    await http('DELETE', `/v1/admin/apps/${teamApp}/invitations/${spare.body.data.id}`, { token: teamOwner.token });
    await http('DELETE', member, { token: teamOwner.token });

    const mine = await logs(`actorId=${manager.accountId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((e: { type: string }) => e.type).sort()).toEqual([
      'admin.license.generate',
      'member.joined',
    ]);
    for (const entry of mine.body.data)
      expect(entry).toMatchObject({ actorId: manager.accountId, actor: manager.email });

    const byOwner = await logs(`actorId=${teamOwner.accountId}`);
    expect(byOwner.body.data.map((e: { type: string }) => e.type).sort()).toEqual([
      'admin.app.create',
      'admin.license.generate',
      'invitation.revoked',
      'member.invited',
      'member.invited',
      'member.removed',
      'member.role_changed',
    ]);
    const changed = byOwner.body.data.find((e: { type: string }) => e.type === 'member.role_changed');
    expect(changed.details).toEqual({
      accountId: manager.accountId,
      email: manager.email,
      from: 'manager',
      to: 'viewer',
    });
    // Both filters at once.
    const ownerMembers = await logs(`actorId=${teamOwner.accountId}&type=member`);
    expect(ownerMembers.body.data).toHaveLength(4);

    expect((await logs('actorId=nope')).status).toBe(400);
  });
});

describe('plans of the team reads', () => {
  type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

  /** The plan of `sql`, as the planner makes it when a table scan is its last resort (the tables here are small). */
  async function planOf(sql: string, params: unknown[]) {
    const client = await db().connect();
    try {
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const all = nodes(rows[0]['QUERY PLAN'][0].Plan);
      return {
        seqScans: all.filter((n) => n['Node Type'] === 'Seq Scan'),
        indexes: all.map((n) => n['Index Name']).filter(Boolean),
      };
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  }

  it('the membership lookup of every app-scoped request, and the lists, read indexes only', async () => {
    const member = randomUUID();
    const reach = await planOf(REACHABLE_APP.owner, [member, appId]);
    expect(reach.seqScans).toEqual([]);
    expect(reach.indexes).toEqual(expect.arrayContaining(['apps_pkey', 'app_members_pkey']));

    const list = LIST_APPS.owner;
    const apps = await planOf(`SELECT ${list.select} FROM ${list.from} ORDER BY ${list.orderBy} LIMIT 25`, [member]);
    expect(apps.seqScans).toEqual([]);
    expect(apps.indexes).toEqual(expect.arrayContaining(['apps_owner_idx', 'app_members_account_idx']));

    const members = await planOf(`SELECT ${LIST_MEMBERS.select} FROM ${LIST_MEMBERS.from}`, [appId]);
    expect(members.seqScans).toEqual([]);

    const byActor = listEntries({ byActor: true, byType: false });
    const log = await planOf(`SELECT ${byActor.select} FROM ${byActor.from} ORDER BY ${byActor.orderBy} LIMIT 25`, [
      appId,
      member,
    ]);
    expect(log.indexes).toContain('audit_log_app_actor_created_idx');
  });
});
