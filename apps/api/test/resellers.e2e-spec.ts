import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  createApp,
  createLicense,
  createReseller,
  ownerWithApp,
  RESELLER_PASSWORD,
  resellerLogin,
  signedInReseller,
  signupOwner,
} from './factories/index.js';
import { closeDb } from './support/db.js';
import { http } from './support/http.js';
import { clientFor } from './support/api.js';
import { auditEntries, recordedEvents } from './support/reads.js';
import { expectLedgerMatchesBalance, resellerRecord, wholeLedger } from './support/resellers.js';

const { owner, app } = ownerWithApp({ name: 'Sold app' });
let base: string;
beforeAll(() => {
  base = `/v1/admin/apps/${app.appId}/resellers`;
});
afterAll(closeDb);

describe('owner routes', () => {
  it('creates a reseller with opening credits as a grant entry, and reads it back', async () => {
    const email = `Seller-${randomUUID()}@Example.com`;
    const res = await http('POST', base, {
      token: owner.token,
      body: { email, password: RESELLER_PASSWORD, credits: 5, allowedLevels: [3, 1], allowedDurations: ['30d', '1d'] },
    });
    expect(res.status).toBe(201);
    const reseller = res.body.data;
    expect(reseller).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      appId: app.appId,
      credits: 5,
      allowedLevels: [1, 3],
      allowedDurations: ['1d', '30d'],
      maxDevicesLimit: null,
      enabled: true,
      keysGenerated: 0,
      createdAt: expect.stringMatching(/Z$/),
      lastLoginAt: null,
    });
    expect(await resellerRecord(owner, app.appId, reseller.id)).toEqual(reseller);
    expect(await wholeLedger(owner, app.appId, reseller.id)).toEqual([
      {
        id: expect.any(String),
        amount: 5,
        balanceAfter: 5,
        reason: 'grant',
        note: null,
        licenseIds: [],
        actor: owner.email,
        createdAt: expect.stringMatching(/Z$/),
      },
    ]);

    await resellerLogin(reseller.email);
    expect((await resellerRecord(owner, app.appId, reseller.id)).lastLoginAt).toEqual(expect.stringMatching(/Z$/));
    const logged = await auditEntries(owner, app, '&type=admin.reseller');
    expect(logged.find((e) => e.details.resellerId === reseller.id)).toMatchObject({
      type: 'admin.reseller.create',
      actor: owner.email,
    });
  });

  it('defaults to no credits and any level or duration, with no ledger entry', async () => {
    const reseller = await createReseller(owner, app);
    expect(reseller).toMatchObject({ credits: 0, allowedLevels: null, allowedDurations: null });
    expect(await wholeLedger(owner, app.appId, reseller.id)).toEqual([]);
  });

  it.each([
    [{ email: undefined }, 'email must be a string'],
    [{ allowedDurations: ['1d', '1d'] }, 'allowedDurations must be null or a non-empty list'],
    [{ password: 'short' }, 'password must be 8-128 characters'],
    [{ credits: -1 }, 'credits must be between 0 and 1000000'],
    [{ credits: 1.5 }, 'credits must be an integer'],
    [{ allowedLevels: [] }, 'allowedLevels must be null or a non-empty list'],
    [{ allowedLevels: [1, 1] }, 'allowedLevels must be null or a non-empty list'],
    [{ allowedLevels: [1001] }, 'allowedLevels must be null or a non-empty list'],
    [{ allowedLevels: 'all' }, 'allowedLevels must be null or a non-empty list'],
    [{ allowedDurations: ['2d'] }, 'allowedDurations must be null or a non-empty list'],
  ])('refuses %j with 400', async (fields, message) => {
    const res = await http('POST', base, {
      token: owner.token,
      body: { email: `r-${randomUUID()}@example.com`, password: RESELLER_PASSWORD, ...fields },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.join('\n')).toContain(message);
  });

  it('lists the app’s resellers with meta, and hides other apps’ resellers (404)', async () => {
    const own = await createApp(owner);
    const first = await createReseller(owner, own);
    const second = await createReseller(owner, own);
    const list = await http('GET', `/v1/admin/apps/${own.appId}/resellers?limit=1`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 1, total: 2 });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([second.id]);

    // The same owner's other app, another owner's app, an unknown and a malformed id.
    expect((await http('GET', `${base}/${first.id}`, { token: owner.token })).status).toBe(404);
    const stranger = await signupOwner();
    const theirs = await createApp(stranger);
    expect(
      (await http('GET', `/v1/admin/apps/${own.appId}/resellers/${first.id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await http('GET', `/v1/admin/apps/${theirs.appId}/resellers/${first.id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await http('GET', `${base}/${randomUUID()}`, { token: owner.token })).status).toBe(404);
    expect((await http('GET', `${base}/not-an-id`, { token: owner.token })).status).toBe(404);
  });

  it('patches allowed lists (null allows any again) and the password, which revokes its login tokens', async () => {
    const reseller = await signedInReseller(owner, app, { allowedLevels: [2] });
    const patched = await http('PATCH', `${base}/${reseller.id}`, {
      token: owner.token,
      body: { allowedLevels: null, allowedDurations: ['lifetime'], password: 'a new password' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ allowedLevels: null, allowedDurations: ['lifetime'], enabled: true });
    expect((await http('GET', '/v1/admin/me', { token: reseller.token })).status).toBe(401);
    const old = await http('POST', '/v1/admin/auth/login', {
      body: { email: reseller.email, password: RESELLER_PASSWORD },
    });
    expect(old.status).toBe(401);
    const fresh = await http('POST', '/v1/admin/auth/login', {
      body: { email: reseller.email, password: 'a new password' },
    });
    expect(fresh.status).toBe(200);

    const bad = await http('PATCH', `${base}/${reseller.id}`, { token: owner.token, body: { enabled: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('enabled must be a boolean');
  });

  it('adds and removes credits with a note, never below zero', async () => {
    const reseller = await createReseller(owner, app, { credits: 2 });
    const credits = `${base}/${reseller.id}/credits`;
    const added = await http('POST', credits, { token: owner.token, body: { amount: 3, note: 'paid invoice 42' } });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ id: reseller.id, credits: 5 });
    const removed = await http('POST', credits, { token: owner.token, body: { amount: -4, note: 'chargeback' } });
    expect(removed.body.data.credits).toBe(1);

    const below = await http('POST', credits, { token: owner.token, body: { amount: -2 } });
    expect(below.status).toBe(400);
    expect(below.body).toEqual({
      success: false,
      code: 'NEGATIVE_BALANCE',
      message: 'Credit balance cannot go below zero',
    });
    for (const [amount, message] of [
      [0, 'amount must not be zero'],
      [1_000_001, 'amount must be between -1000000 and 1000000'],
      [-1_000_001, 'amount must be between -1000000 and 1000000'],
      [1.5, 'amount must be an integer'],
    ] as const) {
      const res = await http('POST', credits, { token: owner.token, body: { amount } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const longNote = await http('POST', credits, { token: owner.token, body: { amount: 1, note: 'x'.repeat(501) } });
    expect(longNote.body.message).toBe('note must be at most 500 characters');

    const ledger = await wholeLedger(owner, app.appId, reseller.id);
    expect(ledger.map((e) => [e.reason, e.amount, e.balanceAfter, e.note])).toEqual([
      ['grant', -4, 1, 'chargeback'],
      ['grant', 3, 5, 'paid invoice 42'],
      ['grant', 2, 2, null],
    ]);
    const page = await http('GET', `${base}/${reseller.id}/ledger?limit=2&page=2`, { token: owner.token });
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.body.data.map((e: { amount: number }) => e.amount)).toEqual([2]);
    await expectLedgerMatchesBalance(owner, app.appId, reseller.id);
  });
});

describe('what a reseller sees', () => {
  it('me lists its app with its balance; apps lists only the app it sells', async () => {
    await createApp(owner, { name: 'Not sold' });
    const reseller = await signedInReseller(owner, app, { credits: 4 });
    const me = await http('GET', '/v1/admin/me', { token: reseller.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      account: { id: reseller.id, email: reseller.email, role: 'reseller' },
      apps: [
        {
          appId: app.appId,
          name: 'Sold app',
          credits: 4,
          allowedLevels: null,
          allowedDurations: null,
          maxDevicesLimit: null,
        },
      ],
    });
    const apps = await http('GET', '/v1/admin/apps', { token: reseller.token });
    expect(apps.body.meta.total).toBe(1);
    expect(apps.body.data.map((a: { appId: string }) => a.appId)).toEqual([app.appId]);
    expect(apps.body.data[0]).not.toHaveProperty('apiKey');
    // An owner's answer is unchanged.
    expect((await http('GET', '/v1/admin/me', { token: owner.token })).body.data).toEqual({
      account: { id: owner.accountId, email: owner.email, role: 'owner' },
    });
  });

  it('reads its own ledger; owners read ledgers per reseller', async () => {
    const reseller = await signedInReseller(owner, app, { credits: 3 });
    await signedInReseller(owner, app, { credits: 7 });
    const own = await http('GET', `/v1/admin/apps/${app.appId}/ledger`, { token: reseller.token });
    expect(own.status).toBe(200);
    expect(own.body.meta.total).toBe(1);
    expect(own.body.data[0]).toMatchObject({ amount: 3, reason: 'grant' });
    const byOwner = await http('GET', `/v1/admin/apps/${app.appId}/ledger`, { token: owner.token });
    expect(byOwner.status).toBe(403);
  });
});

describe('generating as a reseller', () => {
  it('costs count credits, recorded with the new license ids; the keys carry the reseller as createdBy', async () => {
    const reseller = await signedInReseller(owner, app, { credits: 5 });
    const res = await http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
      token: reseller.token,
      body: { count: 3, durationType: '7d', level: 2 },
    });
    expect(res.status).toBe(201);
    const ids = res.body.data.map((l: { id: string }) => l.id);
    expect(res.body.data.every((l: { createdBy: string }) => l.createdBy === reseller.id)).toBe(true);
    const [entry] = await wholeLedger(owner, app.appId, reseller.id);
    expect(entry).toMatchObject({ reason: 'generate', amount: -3, balanceAfter: 2, actor: reseller.email, note: null });
    expect([...entry!.licenseIds].sort()).toEqual([...ids].sort());
    expect(await resellerRecord(owner, app.appId, reseller.id)).toMatchObject({ credits: 2, keysGenerated: 3 });
    const me = await http('GET', '/v1/admin/me', { token: reseller.token });
    expect(me.body.data.apps[0].credits).toBe(2);
  });

  it('answers 402 with too few credits and makes no key', async () => {
    const reseller = await signedInReseller(owner, app, { credits: 2 });
    const res = await http('POST', `/v1/admin/apps/${app.appId}/licenses`, {
      token: reseller.token,
      body: { count: 3, durationType: '1d' },
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ success: false, code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits' });
    const list = await http('GET', `/v1/admin/apps/${app.appId}/licenses?createdBy=${reseller.id}`, {
      token: owner.token,
    });
    expect(list.body.meta.total).toBe(0);
    expect(await expectLedgerMatchesBalance(owner, app.appId, reseller.id)).toBe(2);
  });

  it('refuses a level or duration outside its lists with 403, before looking at credits', async () => {
    const reseller = await signedInReseller(owner, app, {
      credits: 1,
      allowedLevels: [2, 3],
      allowedDurations: ['30d'],
    });
    const generate = (body: object) =>
      http('POST', `/v1/admin/apps/${app.appId}/licenses`, { token: reseller.token, body });
    for (const body of [
      { durationType: '30d', level: 4 },
      { durationType: '30d' }, // the default level 1 is not allowed
      { durationType: 'lifetime', level: 2 },
      { durationType: 'lifetime', level: 2, count: 5 }, // not allowed and too expensive: 403 first
    ]) {
      const res = await generate(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        code: 'NOT_FOR_THIS_RESELLER',
        message: 'Not allowed for this reseller',
      });
    }
    // Validation comes before both.
    expect((await generate({ durationType: '30d', level: 2, count: 101 })).status).toBe(400);
    expect((await generate({ durationType: '30d', level: 3 })).status).toBe(201);
    expect(await expectLedgerMatchesBalance(owner, app.appId, reseller.id)).toBe(0);
  });
});

describe('keys a reseller reaches', () => {
  it('lists and exports only its own keys, with the same filters; the owner filters by createdBy', async () => {
    const own = await createApp(owner);
    const licenses = `/v1/admin/apps/${own.appId}/licenses`;
    const mine = await signedInReseller(owner, own, { credits: 10 });
    const other = await signedInReseller(owner, own, { credits: 10 });
    await createLicense(owner, own, { note: 'owner key' });
    await http('POST', licenses, { token: other.token, body: { count: 2, durationType: '1d', note: 'theirs' } });
    const made = await http('POST', licenses, {
      token: mine.token,
      body: { count: 3, durationType: '1d', note: 'mine' },
    });
    const myIds = made.body.data.map((l: { id: string }) => l.id).sort();

    const list = await http('GET', `${licenses}?limit=2`, { token: mine.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 2, total: 3 });
    expect((await http('GET', `${licenses}?status=UNUSED&search=MINE`, { token: mine.token })).body.meta.total).toBe(3);
    expect((await http('GET', `${licenses}?search=theirs`, { token: mine.token })).body.meta.total).toBe(0);
    expect((await http('GET', `${licenses}?createdBy=${other.id}`, { token: mine.token })).body.meta.total).toBe(0);

    const csv = await http('GET', `${licenses}/export`, { token: mine.token });
    expect(csv.status).toBe(200);
    const rows = (csv.body as string).trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0]).sort()).toEqual(myIds);

    const byCreator = async (createdBy: string) => {
      const res = await http('GET', `${licenses}?createdBy=${createdBy}&limit=100`, { token: owner.token });
      expect(res.status).toBe(200);
      return res.body.data.map((l: { id: string; createdBy: string }) => l.createdBy);
    };
    expect(await byCreator(mine.id)).toEqual([mine.id, mine.id, mine.id]);
    expect(await byCreator(other.id)).toEqual([other.id, other.id]);
    expect(await byCreator(owner.accountId)).toEqual([owner.accountId]);
    expect((await http('GET', licenses, { token: owner.token })).body.meta.total).toBe(6);
    const ownerCsv = await http('GET', `${licenses}/export?createdBy=${other.id}`, { token: owner.token });
    expect((ownerCsv.body as string).trim().split('\r\n')).toHaveLength(3);
    const bad = await http('GET', `${licenses}?createdBy=someone`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('createdBy must be an account id');
  });
});

describe('refunds', () => {
  it('deleting its own unused key gives the credit back as a refund entry and emits license.delete', async () => {
    const own = await createApp(owner);
    const reseller = await signedInReseller(owner, own, { credits: 3 });
    const licenses = `/v1/admin/apps/${own.appId}/licenses`;
    const made = await http('POST', licenses, { token: reseller.token, body: { count: 3, durationType: '1d' } });
    const [first, second] = made.body.data;

    const deleted = await http('DELETE', `${licenses}/${first.id}`, { token: reseller.token });
    expect(deleted.status).toBe(200);
    const [refund] = await wholeLedger(owner, own.appId, reseller.id);
    expect(refund).toMatchObject({ reason: 'refund', amount: 1, balanceAfter: 1, licenseIds: [first.id] });
    expect(await resellerRecord(owner, own.appId, reseller.id)).toMatchObject({ credits: 1, keysGenerated: 2 });
    const events = await http('GET', `/v1/admin/apps/${own.appId}/logs?type=admin.license.delete`, {
      token: owner.token,
    });
    expect(events.body.data[0]).toMatchObject({ actor: reseller.email, details: { licenseId: first.id } });
    expect((await recordedEvents(own.appId)).filter((e) => e.name === 'license.delete')).toEqual([
      {
        name: 'license.delete',
        data: { licenseId: first.id, key: first.key, deletedBy: reseller.email, appId: own.appId },
      },
    ]);
    // Gone: deleting again is 404 and refunds nothing.
    expect((await http('DELETE', `${licenses}/${first.id}`, { token: reseller.token })).status).toBe(404);

    // A banned key is not unused.
    await http('POST', `${licenses}/${second.id}/ban`, { token: owner.token, body: {} });
    const banned = await http('DELETE', `${licenses}/${second.id}`, { token: reseller.token });
    expect(banned.status).toBe(403);
    expect(banned.body).toEqual({
      success: false,
      code: 'ONLY_UNUSED_KEYS',
      message: 'Only unused keys can be deleted',
    });
    expect(await expectLedgerMatchesBalance(owner, own.appId, reseller.id)).toBe(1);
  });

  it('refuses a used key with 403 and someone else’s key with 404', async () => {
    const own = await createApp(owner);
    const licenses = `/v1/admin/apps/${own.appId}/licenses`;
    const reseller = await signedInReseller(owner, own, { credits: 2 });
    const rival = await signedInReseller(owner, own, { credits: 1 });
    const made = await http('POST', licenses, { token: reseller.token, body: { count: 1, durationType: '1d' } });
    const key = made.body.data[0];
    expect((await clientFor(own).license(key.key)).status).toBe(200);
    const used = await http('DELETE', `${licenses}/${key.id}`, { token: reseller.token });
    expect(used.status).toBe(403);
    expect(used.body.message).toBe('Only unused keys can be deleted');

    const rivalKey = (await http('POST', licenses, { token: rival.token, body: { durationType: '1d' } })).body.data[0];
    const ownerKey = await createLicense(owner, own);
    for (const id of [rivalKey.id, ownerKey.id]) {
      const res = await http('DELETE', `${licenses}/${id}`, { token: reseller.token });
      expect(res.status).toBe(404);
    }
    // The owner may delete a reseller's key; that is no refund.
    expect((await http('DELETE', `${licenses}/${rivalKey.id}`, { token: owner.token })).status).toBe(200);
    expect(await expectLedgerMatchesBalance(owner, own.appId, rival.id)).toBe(0);
    expect(await expectLedgerMatchesBalance(owner, own.appId, reseller.id)).toBe(1);
  });
});

describe('disabling a reseller', () => {
  it('refuses its tokens at once and its login with 401; keys and ledger stay; enabling lets it sign in again', async () => {
    const own = await createApp(owner);
    const reseller = await signedInReseller(owner, own, { credits: 2 });
    const pat = await http('POST', '/v1/admin/tokens', { token: reseller.token, body: { name: 'script' } });
    expect(pat.status).toBe(201);
    await http('POST', `/v1/admin/apps/${own.appId}/licenses`, { token: reseller.token, body: { durationType: '1d' } });

    const disabled = await http('DELETE', `/v1/admin/apps/${own.appId}/resellers/${reseller.id}`, {
      token: owner.token,
    });
    expect(disabled.status).toBe(200);
    for (const token of [reseller.token, pat.body.data.token]) {
      const res = await http('GET', '/v1/admin/me', { token });
      expect(res.status).toBe(401);
    }
    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: reseller.email, password: RESELLER_PASSWORD },
    });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ success: false, code: 'INVALID_ADMIN_LOGIN', message: 'Invalid email or password' });

    expect(await resellerRecord(owner, own.appId, reseller.id)).toMatchObject({ enabled: false, credits: 1 });
    const keys = await http('GET', `/v1/admin/apps/${own.appId}/licenses?createdBy=${reseller.id}`, {
      token: owner.token,
    });
    expect(keys.body.meta.total).toBe(1);
    expect(await wholeLedger(owner, own.appId, reseller.id)).toHaveLength(2);

    const enabled = await http('PATCH', `/v1/admin/apps/${own.appId}/resellers/${reseller.id}`, {
      token: owner.token,
      body: { enabled: true },
    });
    expect(enabled.body.data.enabled).toBe(true);
    const again = await resellerLogin(reseller.email);
    expect((await http('GET', '/v1/admin/me', { token: again })).status).toBe(200);
    expect((await http('GET', '/v1/admin/me', { token: reseller.token })).status).toBe(401);

    // PATCH enabled: false is the same as DELETE.
    await http('PATCH', `/v1/admin/apps/${own.appId}/resellers/${reseller.id}`, {
      token: owner.token,
      body: { enabled: false },
    });
    expect((await http('GET', '/v1/admin/me', { token: again })).status).toBe(401);
  });

  it('deleting the app removes its resellers’ accounts', async () => {
    const own = await createApp(owner);
    const reseller = await signedInReseller(owner, own);
    expect((await http('DELETE', `/v1/admin/apps/${own.appId}`, { token: owner.token })).status).toBe(200);
    expect((await http('GET', '/v1/admin/me', { token: reseller.token })).status).toBe(401);
    const login = await http('POST', '/v1/admin/auth/login', {
      body: { email: reseller.email, password: RESELLER_PASSWORD },
    });
    expect(login.status).toBe(401);
  });
});
