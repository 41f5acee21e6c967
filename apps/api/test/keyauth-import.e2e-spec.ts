import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import bcrypt from 'bcrypt';
import { ServiceStack, type StackOwner } from './support/service-stack.js';
import { eventually } from './support/eventually.js';
import { KeyAuthClient } from './support/keyauth-client.js';
import { send, uploadForm } from './support/files.js';

// Imports from KeyAuth (issue 26): the upload is staged by the API, previewed and committed by the worker.
let stack: ServiceStack;
/** PHP's password_hash() writes `$2y$`; the same bcrypt as Node's `$2b$`. */
let phpHash: string;
const PASSWORD = 'keyauth password';
const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  stack = await ServiceStack.start('keyauth_import', { BULK_JOB_BATCH_SIZE: '2' });
  phpHash = (await bcrypt.hash(PASSWORD, 4)).replace(/^\$2b\$/, '$2y$');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

function imports(owner: StackOwner) {
  return `/v1/admin/apps/${owner.appId}/keyauth-imports`;
}

async function upload(owner: StackOwner, content: unknown, filename = 'KeyAuthUsers.json') {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return send(stack.api.url, 'POST', imports(owner), owner.token, uploadForm(Buffer.from(text), {}, filename));
}

async function importOf(owner: StackOwner, importId: string) {
  const res = await stack.http('GET', `${imports(owner)}/${importId}`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function settled(owner: StackOwner, importId: string, status: string) {
  return eventually(() => importOf(owner, importId), {
    until: (i) => i.status === status || i.status === 'failed',
    timeoutMs: 30_000,
    what: `import ${importId} to be ${status}`,
  });
}

/** Uploads, waits for the preview, returns it. */
async function preview(owner: StackOwner, content: unknown, filename?: string) {
  const res = await upload(owner, content, filename);
  expect(res.status).toBe(201);
  return settled(owner, (res.body as any).data.id, 'ready');
}

async function commit(owner: StackOwner, importId: string, levels?: Record<string, number>) {
  const res = await stack.http('POST', `${imports(owner)}/${importId}/commit`, {
    token: owner.token,
    body: levels ? { levels } : {},
  });
  expect(res.status).toBe(202);
  return settled(owner, importId, 'committed');
}

async function rows(owner: StackOwner, importId: string, query: string) {
  const res = await stack.http('GET', `${imports(owner)}/${importId}/rows?${query}`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, any>>;
}

async function usersOf(owner: StackOwner) {
  const res = await stack.db().query(
    `SELECT username, password_hash, hwid, level, max_devices, expires_at, banned, ban_reason, last_ip, license_id
         FROM users WHERE app_id = $1 ORDER BY username`,
    [owner.appId],
  );
  return res.rows;
}

async function keysOf(owner: StackOwner) {
  const res = await stack.db().query(
    `SELECT l.key, l.status, l.level, l.duration_type, l.extra_days, l.note, l.ban_reason, l.activated_at,
              l.expires_at, u.username AS used_by
         FROM licenses l LEFT JOIN users u ON u.id = l.user_id WHERE l.app_id = $1 ORDER BY l.key`,
    [owner.appId],
  );
  return res.rows;
}

function dashboardUsers() {
  return {
    users: [
      {
        username: 'alice',
        email: 'e3b0c44298fc1c149afbf4c8996fb924',
        password: phpHash,
        hwid: 'S-1-5-21-1-2-3-1001',
        banned: null,
        ip: '203.0.113.7',
      },
      {
        username: 'bob',
        email: 'x',
        password: phpHash,
        hwid: 'S-1-5-21-1-2-3-1001S-1-5-21-4-5-6-1002',
        banned: 'chargeback',
        ip: null,
      },
      { username: 'carol', email: 'x', password: phpHash, hwid: null, banned: null, ip: null },
      { username: 'bad name!', email: 'x', password: phpHash, hwid: null, banned: null, ip: null },
      { username: 'dave', email: 'x', password: 'plaintext', hwid: null, banned: null, ip: null },
      { username: 'ALICE', email: 'x', password: phpHash, hwid: null, banned: null, ip: null },
    ],
    subscription: [
      { user: 'alice', subscription: 'default', expiry: String(NOW + 30 * DAY) },
      { user: 'alice', subscription: 'premium', expiry: String(NOW + 10 * DAY) },
      { user: 'bob', subscription: 'default', expiry: String(NOW + 5 * DAY) },
    ],
  };
}

describe('KeyAuthUsers.json (dashboard export)', () => {
  let owner: StackOwner;
  let importId: string;

  beforeAll(async () => {
    owner = await stack.ownerWithApp();
  });

  it('previews what it will create, skip and why, and the subscription names', async () => {
    const previewed = await preview(owner, dashboardUsers());
    importId = previewed.id;
    expect(previewed).toMatchObject({
      format: 'dashboard-users',
      fileName: 'KeyAuthUsers.json',
      status: 'ready',
      counts: { users: { create: 3, skip: 3, conflict: 0 }, keys: { create: 0, skip: 0, conflict: 0 } },
      subscriptions: [
        { name: 'default', users: 2, level: 1 },
        { name: 'premium', users: 1, level: 1 },
      ],
      previewJob: { type: 'keyauth.preview', status: 'succeeded', done: 6, total: 6 },
      commitJob: null,
      result: null,
    });
    expect(await rows(owner, importId, 'kind=users&outcome=skip')).toEqual([
      expect.objectContaining({
        name: 'bad name!',
        outcome: 'skip',
        reason: expect.stringMatching(/^username must be/),
      }),
      expect.objectContaining({ name: 'dave', reason: 'password is not a bcrypt hash ($2y$, $2a$ or $2b$)' }),
      expect.objectContaining({ name: 'ALICE', reason: 'appears earlier in the file' }),
    ]);
    expect(await rows(owner, importId, 'kind=users&outcome=create')).toEqual([
      expect.objectContaining({ name: 'alice', hwid: 'S-1-5-21-1-2-3-1001', banned: false }),
      expect.objectContaining({ name: 'bob', hwid: '2 devices', banned: true }),
      expect.objectContaining({ name: 'carol', hwid: null }),
    ]);
    expect(await usersOf(owner)).toEqual([]);
  });

  it('commits with the owner’s level per subscription: password, HWID, ban, expiry kept', async () => {
    const committed = await commit(owner, importId, { premium: 5 });
    expect(committed).toMatchObject({
      status: 'committed',
      result: { usersCreated: 3, keysCreated: 0, usersSkipped: 3, keysSkipped: 0 },
      commitJob: { type: 'keyauth.commit', status: 'succeeded' },
    });
    const users = await usersOf(owner);
    expect(users.map((u) => u.username)).toEqual(['alice', 'bob', 'carol']);
    const [alice, bob, carol] = users;
    expect(alice).toMatchObject({
      hwid: 'S-1-5-21-1-2-3-1001',
      level: 5,
      max_devices: 1,
      banned: false,
      last_ip: '203.0.113.7',
    });
    expect(alice.password_hash).toBe(`$2b$${phpHash.slice(4)}`);
    expect(alice.expires_at.getTime()).toBe((NOW + 30 * DAY) * 1000);
    expect(bob).toMatchObject({ hwid: null, max_devices: 2, level: 1, banned: true, ban_reason: 'chargeback' });
    expect(carol.expires_at.getTime()).toBeLessThanOrEqual(Date.now());
    // The staged rows (password hashes) are gone once committed.
    const left = await stack
      .db()
      .query(`SELECT count(*)::int AS n FROM keyauth_import_users WHERE import_id = $1`, [importId]);
    expect(left.rows[0].n).toBe(0);
    const audit = await stack
      .db()
      .query(`SELECT details FROM audit_log WHERE app_id = $1 AND type = 'admin.job.keyauth.commit'`, [owner.appId]);
    expect(audit.rows).toEqual([
      { details: expect.objectContaining({ status: 'succeeded', done: 6, skipped: 3, total: 6 }) },
    ]);
  });

  it('a $2y$ user logs in through /v1 with its KeyAuth password, from its HWID', async () => {
    const login = await stack.client(owner, {
      type: 'login',
      username: 'alice',
      password: PASSWORD,
      hwid: 'S-1-5-21-1-2-3-1001',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ username: 'alice', level: 5 });
    const wrong = await stack.client(owner, {
      type: 'login',
      username: 'alice',
      password: 'not it',
      hwid: 'S-1-5-21-1-2-3-1001',
    });
    expect(wrong.status).toBe(401);
  });

  it('the same $2y$ user logs in through the KeyAuth door (/api/1.3/), its answer signed with the app key', async () => {
    const settings = {
      enabled: true,
      ownerId: 'Imp0rtTest',
      name: 'Imported app',
      versions: ['1.3'],
      subscriptionNames: {},
      fetchOnline: false,
      selfBan: true,
      appVersion: null,
      downloadUrl: null,
    };
    const saved = await stack.http('PUT', `/v1/admin/apps/${owner.appId}/keyauth`, {
      token: owner.token,
      body: settings,
    });
    expect(saved.status).toBe(200);
    const client = new KeyAuthClient({
      version: '1.3',
      ownerId: settings.ownerId,
      name: settings.name,
      publicKeyHex: saved.body.data.publicKeyHex,
      baseUrl: stack.api.url,
    });
    expect((await client.init()).json).toMatchObject({ success: true });
    const login = await client.request('login', { username: 'alice', pass: PASSWORD, hwid: 'S-1-5-21-1-2-3-1001' });
    expect(login.verified).toBe(true);
    expect(login.json).toMatchObject({ success: true, message: 'Logged in!', info: { username: 'alice' } });
    const wrong = await client.request('login', { username: 'alice', pass: 'not it', hwid: 'S-1-5-21-1-2-3-1001' });
    expect(wrong.json).toMatchObject({ success: false });
  });

  it('importing the same file again creates nothing', async () => {
    const again = await preview(owner, dashboardUsers());
    expect(again.counts.users).toEqual({ create: 0, skip: 3, conflict: 3 });
    // alice's hash moved to Latchkey's own scheme at her first login; bob's and carol's are as imported.
    expect(await rows(owner, again.id, 'kind=users&outcome=conflict')).toEqual([
      expect.objectContaining({
        name: 'alice',
        reason: 'the app has a user with this username (another password hash)',
      }),
      expect.objectContaining({
        name: 'bob',
        reason: 'the app has this user already (same password hash): imported before',
      }),
      expect.objectContaining({
        name: 'carol',
        reason: 'the app has this user already (same password hash): imported before',
      }),
    ]);
    const before = await usersOf(owner);
    const committed = await commit(owner, again.id);
    expect(committed.result).toEqual({ usersCreated: 0, keysCreated: 0, usersSkipped: 6, keysSkipped: 0 });
    expect(await usersOf(owner)).toEqual(before);
  });
});

describe('KeyAuthKeys.json (dashboard export)', () => {
  it('imports keys as unused, expiry in days mapped onto durations; again creates nothing', async () => {
    const owner = await stack.ownerWithApp();
    const [existing] = await stack.licenseKeys(owner, { count: 1 });
    const file = [
      { key: 'KEYAUTH-AAAA-0001', level: '1', expiry: 1 },
      { key: 'KEYAUTH-AAAA-0002', level: '3', expiry: 30 },
      { key: 'KEYAUTH-AAAA-0003', level: 2, expiry: 45 },
      { key: 'KEYAUTH-AAAA-0004', level: '1', expiry: 9999 },
      { key: 'KEYAUTH-AAAA-0005', level: '1', expiry: 0.041666666666666664 },
      { key: 'bad key', level: '1', expiry: 1 },
      { key: 'KEYAUTH-AAAA-0006', level: 'x', expiry: 1 },
      { key: existing, level: '1', expiry: 1 },
    ];
    const previewed = await preview(owner, file, 'KeyAuthKeys.json');
    expect(previewed).toMatchObject({
      format: 'dashboard-keys',
      counts: { keys: { create: 5, skip: 2, conflict: 1 } },
    });
    expect(await rows(owner, previewed.id, 'kind=keys&outcome=conflict')).toEqual([
      expect.objectContaining({ name: existing, reason: 'the app has this key already' }),
    ]);
    // The preview says what each key becomes, as the commit then makes it.
    const created = await rows(owner, previewed.id, 'kind=keys&outcome=create');
    expect(created.map((r) => [r.name, r.level, r.durationType, r.extraDays])).toEqual([
      ['KEYAUTH-AAAA-0001', 1, '1d', 0],
      ['KEYAUTH-AAAA-0002', 3, '30d', 0],
      ['KEYAUTH-AAAA-0003', 2, '1d', 44],
      ['KEYAUTH-AAAA-0004', 1, 'lifetime', 0],
      ['KEYAUTH-AAAA-0005', 1, '1h', 0],
    ]);
    await commit(owner, previewed.id);
    const keys = (await keysOf(owner)).filter((k) => k.key.startsWith('KEYAUTH'));
    expect(keys.map((k) => [k.key, k.status, k.level, k.duration_type, k.extra_days])).toEqual([
      ['KEYAUTH-AAAA-0001', 'UNUSED', 1, '1d', 0],
      ['KEYAUTH-AAAA-0002', 'UNUSED', 3, '30d', 0],
      ['KEYAUTH-AAAA-0003', 'UNUSED', 2, '1d', 44],
      ['KEYAUTH-AAAA-0004', 'UNUSED', 1, 'lifetime', 0],
      ['KEYAUTH-AAAA-0005', 'UNUSED', 1, '1h', 0],
    ]);
    const login = await stack.client(owner, { type: 'license', licenseKey: 'KEYAUTH-AAAA-0002', hwid: 'pc-1' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.level).toBe(3);

    const again = await preview(owner, file, 'KeyAuthKeys.json');
    expect(again.counts.keys).toEqual({ create: 0, skip: 2, conflict: 6 });
    const count = (await keysOf(owner)).length;
    await commit(owner, again.id);
    expect((await keysOf(owner)).length).toBe(count);
  });
});

describe('seller API fetchallusers and fetchallkeys', () => {
  it('keeps status, used-by link, note and ban of each key', async () => {
    const owner = await stack.ownerWithApp();
    const users = await preview(
      owner,
      {
        success: true,
        message: 'Successfully retrieved users',
        users: [
          {
            id: 1,
            username: 'erin',
            email: null,
            password: phpHash,
            hwid: 'HWID-E',
            app: 'x',
            owner: 'o',
            createdate: String(NOW - 100 * DAY),
            lastlogin: String(NOW - DAY),
            banned: null,
            ip: '198.51.100.1',
            cooldown: null,
          },
        ],
      },
      'fetchallusers.json',
    );
    expect(users).toMatchObject({ format: 'seller-users', counts: { users: { create: 1 } } });
    await commit(owner, users.id);

    const usedOn = NOW - 2 * DAY;
    const keys = await preview(
      owner,
      {
        success: true,
        message: 'Successfully retrieved licenses',
        keys: [
          {
            id: 1,
            key: 'SELL-0001',
            note: 'from a reseller',
            expires: String(7 * DAY),
            status: 'Not Used',
            level: '2',
            genby: 'me',
            gendate: String(NOW),
            usedon: null,
            usedby: null,
            app: 'x',
            banned: null,
          },
          {
            id: 2,
            key: 'SELL-0002',
            note: null,
            expires: String(30 * DAY),
            status: 'Used',
            level: '1',
            genby: 'me',
            gendate: String(NOW),
            usedon: usedOn,
            usedby: 'erin',
            app: 'x',
            banned: null,
          },
          {
            id: 3,
            key: 'SELL-0003',
            note: null,
            expires: String(DAY),
            status: 'Banned',
            level: '1',
            genby: 'me',
            gendate: String(NOW),
            usedon: null,
            usedby: null,
            app: 'x',
            banned: 'leaked on a forum',
          },
          {
            id: 4,
            key: 'SELL-0004',
            note: null,
            expires: String(DAY),
            status: 'Paused',
            level: '1',
            genby: 'me',
            gendate: String(NOW),
            usedon: null,
            usedby: null,
            app: 'x',
            banned: null,
          },
        ],
      },
      'fetchallkeys.json',
    );
    expect(keys).toMatchObject({ format: 'seller-keys', counts: { keys: { create: 3, skip: 1, conflict: 0 } } });
    expect(await rows(owner, keys.id, 'kind=keys&outcome=skip')).toEqual([
      expect.objectContaining({ name: 'SELL-0004', reason: 'status must be Not Used, Used or Banned' }),
    ]);
    await commit(owner, keys.id);
    const stored = await keysOf(owner);
    expect(stored).toEqual([
      expect.objectContaining({
        key: 'SELL-0001',
        status: 'UNUSED',
        level: 2,
        duration_type: '7d',
        note: 'from a reseller',
        used_by: null,
        activated_at: null,
      }),
      expect.objectContaining({ key: 'SELL-0002', status: 'USED', duration_type: '30d', used_by: 'erin' }),
      expect.objectContaining({ key: 'SELL-0003', status: 'BANNED', ban_reason: 'leaked on a forum', used_by: null }),
    ]);
    expect(stored[1].activated_at.getTime()).toBe(usedOn * 1000);
    expect(stored[1].expires_at.getTime()).toBe((usedOn + 30 * DAY) * 1000);
    const [erin] = await usersOf(owner);
    expect(erin.license_id).not.toBeNull();
    const banned = await stack.client(owner, { type: 'license', licenseKey: 'SELL-0003', hwid: 'pc-1' });
    expect(banned.status).toBe(403);
  });
});

describe('password hashes costlier than the server checks (issue 37, finding 2)', () => {
  it('skip their user with the reason; the other rows are imported and log in', async () => {
    // bcrypt runs on libuv's four threads: a few logins at cost 17 stalled every sign-in of every tenant.
    // Never computed here: a hash of cost 31 takes days.
    const costly = (cost: number) => `$2y$${cost}$${'A'.repeat(53)}`;
    const owner = await stack.ownerWithApp();
    const previewed = await preview(owner, {
      users: [
        { username: 'cost31', password: costly(31) },
        { username: 'cost17', password: costly(17) },
        { username: 'usual', password: phpHash },
        { username: 'nopassword', password: null },
      ],
      subscription: [{ user: 'usual', subscription: 'default', expiry: String(NOW + DAY) }],
    });
    expect(previewed.counts.users).toEqual({ create: 2, skip: 2, conflict: 0 });
    const above = (cost: number) =>
      `password hash cost ${cost} is above 12, the most this server checks: import the user without its password`;
    expect((await rows(owner, previewed.id, 'kind=users')).map((r) => [r.name, r.outcome, r.reason])).toEqual([
      ['cost31', 'skip', above(31)],
      ['cost17', 'skip', above(17)],
      ['usual', 'create', null],
      ['nopassword', 'create', null],
    ]);
    await commit(owner, previewed.id);
    expect((await usersOf(owner)).map((u) => u.username)).toEqual(['nopassword', 'usual']);
    const login = await stack.client(owner, { type: 'login', username: 'usual', password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe('a NUL character or bytes that are not UTF-8 (issue 37)', () => {
  it('refuse the record with the field named, import the others, and never answer 500', async () => {
    // PostgreSQL's text holds no NUL: one in any field (or the file's name) answered 500 for the whole upload.
    const owner = await stack.ownerWithApp();
    const user = (username: string, fields: Record<string, unknown> = {}) => ({
      username,
      password: phpHash,
      hwid: null,
      banned: null,
      ip: null,
      ...fields,
    });
    const text = JSON.stringify({
      users: [
        user('nul\u0000name'),
        user('nulpass', { password: `${phpHash}\u0000` }),
        user('nulhwid', { hwid: 'S-1-5-21\u0000' }),
        user('nulip', { ip: '203.0.113.9\u0000' }),
        user('nulban', { banned: 'spam\u0000' }),
        user('nulsub'),
        user('latin1', { banned: 'BAN_REASON' }),
        user('fine'),
      ],
      subscription: [
        { user: 'nulsub', subscription: 'pre\u0000mium', expiry: String(NOW + DAY) },
        { user: 'fine', subscription: 'default', expiry: String(NOW + DAY) },
      ],
    });
    // A ban reason in Latin-1 (not UTF-8) reads as U+FFFD: kept as text, not a 500.
    const [before, after] = text.split('BAN_REASON');
    const file = Buffer.concat([Buffer.from(`${before}caf`), Buffer.from([0xe9]), Buffer.from(after!)]);
    const res = await send(
      stack.api.url,
      'POST',
      imports(owner),
      owner.token,
      uploadForm(file, {}, 'Key\u0000Auth.json'),
    );
    expect(res.status).toBe(201);
    const previewed = await settled(owner, (res.body as any).data.id, 'ready');
    expect(previewed).toMatchObject({ fileName: 'KeyAuth.json', counts: { users: { create: 2, skip: 6 } } });
    expect((await rows(owner, previewed.id, 'kind=users')).map((r) => [r.name, r.outcome, r.reason])).toEqual([
      ['nul\uFFFDname', 'skip', 'username holds a NUL character'],
      ['nulpass', 'skip', 'password holds a NUL character'],
      ['nulhwid', 'skip', 'hwid holds a NUL character'],
      ['nulip', 'skip', 'ip holds a NUL character'],
      ['nulban', 'skip', 'banned holds a NUL character'],
      ['nulsub', 'skip', 'a subscription of this user holds a NUL character'],
      ['latin1', 'create', null],
      ['fine', 'create', null],
    ]);
    await commit(owner, previewed.id);
    expect((await usersOf(owner)).map((u) => [u.username, u.ban_reason])).toEqual([
      ['fine', null],
      ['latin1', 'caf\uFFFD'],
    ]);

    const keys = await send(
      stack.api.url,
      'POST',
      imports(owner),
      owner.token,
      uploadForm(
        Buffer.from(
          JSON.stringify({
            success: true,
            keys: [
              { key: 'NUL-KEY\u0000', expires: '86400', status: 'Not Used', level: '1' },
              { key: 'NUL-NOTE', expires: '86400', status: 'Not Used', level: '1', note: 'a\u0000b' },
              { key: 'NUL-USEDBY', expires: '86400', status: 'Used', level: '1', usedby: 'fine\u0000' },
              { key: 'NUL-STATUS', expires: '86400', status: 'Used\u0000', level: '1' },
              { key: 'FINE-KEY', expires: '86400', status: 'Not Used', level: '1', note: 'ok' },
            ],
          }),
        ),
        {},
        'fetchallkeys.json',
      ),
    );
    expect(keys.status).toBe(201);
    const keysPreview = await settled(owner, (keys.body as any).data.id, 'ready');
    expect((await rows(owner, keysPreview.id, 'kind=keys')).map((r) => [r.name, r.outcome, r.reason])).toEqual([
      ['NUL-KEY\uFFFD', 'skip', 'key holds a NUL character'],
      ['NUL-NOTE', 'skip', 'note holds a NUL character'],
      ['NUL-USEDBY', 'skip', 'usedby holds a NUL character'],
      ['NUL-STATUS', 'skip', 'status holds a NUL character'],
      ['FINE-KEY', 'create', null],
    ]);
    await commit(owner, keysPreview.id);
    expect((await keysOf(owner)).map((k) => [k.key, k.note])).toEqual([['FINE-KEY', 'ok']]);
  });
});

describe('bad files', () => {
  const cases: Array<[string, string, string]> = [
    ['not JSON', '{"users": [', 'The file is not valid JSON'],
    ['empty', '', 'The file is not valid JSON: the file is empty'],
    ['another shape', '{"licenses": []}', 'The file is not a KeyAuth export'],
    ['a number', '42', 'The file is not a KeyAuth export'],
    [
      'a failed answer',
      '{"success": false, "message": "Seller key is invalid"}',
      'The file is a failed KeyAuth seller API answer: Seller key is invalid',
    ],
    ['a user that is not an object', '{"users": [{"username": "a"}, "b"]}', 'users[1] must be an object'],
    ['a user without a name', '{"users": [{"password": "x"}]}', 'users[0].username is required'],
    ['a key without a key', '[{"level": 1, "expiry": 1}]', 'keys[0].key is required'],
    ['nothing in it', '{"users": [], "subscription": []}', 'The file holds no users and no keys'],
  ];

  it.each(cases)('%s: 400 naming the problem, nothing recorded', async (_name, content, message) => {
    const owner = await stack.ownerWithApp();
    const res = await upload(owner, content);
    expect(res.status).toBe(400);
    expect((res.body as any).message).toContain(message);
    const left = await stack
      .db()
      .query(`SELECT count(*)::int AS n FROM keyauth_imports WHERE app_id = $1`, [owner.appId]);
    const jobs = await stack.db().query(`SELECT count(*)::int AS n FROM jobs WHERE app_id = $1`, [owner.appId]);
    expect([left.rows[0].n, jobs.rows[0].n]).toEqual([0, 0]);
  });

  it('no file part: 400; bad levels: 400; a commit before the preview or twice: 409', async () => {
    const owner = await stack.ownerWithApp();
    const none = await send(stack.api.url, 'POST', imports(owner), owner.token, new FormData());
    expect(none.status).toBe(400);
    const previewed = await preview(owner, dashboardUsers());
    const badLevels = await stack.http('POST', `${imports(owner)}/${previewed.id}/commit`, {
      token: owner.token,
      body: { levels: { default: 5000 } },
    });
    expect(badLevels.status).toBe(400);
    expect(badLevels.body.message).toMatch(/^levels must map subscription names/);
    await commit(owner, previewed.id);
    const twice = await stack.http('POST', `${imports(owner)}/${previewed.id}/commit`, {
      token: owner.token,
      body: {},
    });
    expect(twice.status).toBe(409);
  });
});

describe('access', () => {
  it('401 without a token, 404 for another owner’s app and import', async () => {
    const owner = await stack.ownerWithApp();
    const other = await stack.ownerWithApp();
    const previewed = await preview(owner, dashboardUsers());
    expect((await stack.http('GET', imports(owner))).status).toBe(401);
    expect((await stack.http('GET', imports(owner), { token: other.token })).status).toBe(404);
    expect((await stack.http('GET', `${imports(other)}/${previewed.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await stack.http('POST', `${imports(other)}/${previewed.id}/commit`, { token: other.token, body: {} })).status,
    ).toBe(404);
    const list = await stack.http('GET', imports(owner), { token: owner.token });
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([previewed.id]);
  });
});
