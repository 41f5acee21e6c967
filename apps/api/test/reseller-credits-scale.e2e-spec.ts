import { afterAll, describe, expect, it } from '@jest/globals';
import { createApp, RESELLER_PASSWORD, signedInReseller, signedUpOwner } from './factories/index.js';
import { closeDb, db } from './support/db.js';
import { BASE_URL, http } from './support/http.js';
import { secondApiProcess } from './support/second-api.js';
import { expectLedgerMatchesBalance, resellerRecord, wholeLedger } from './support/resellers.js';

// A second API process on the test database beside global-setup's: credits
// must hold across processes, so requests alternate between the two.
const second = secondApiProcess();
const owner = signedUpOwner();
/** The two processes' base URLs: request `i` goes to `processes()[i % 2]`. */
const processes = () => [BASE_URL, second.url];
afterAll(closeDb);

/** One generate request of `count` keys through process `i % 2`. */
function generate(token: string, appId: string, i: number, count = 1) {
  return http('POST', `/v1/admin/apps/${appId}/licenses`, {
    baseUrl: processes()[i % 2],
    token,
    body: { count, durationType: '30d' },
  });
}

async function keysOf(appId: string, resellerId: string): Promise<number> {
  const { rows } = await db().query('SELECT count(*)::int AS n FROM licenses WHERE app_id = $1 AND created_by = $2', [
    appId,
    resellerId,
  ]);
  return rows[0].n;
}

describe('credits across two API processes', () => {
  it('20 parallel one-key requests against 10 credits make exactly 10 keys and leave 0', async () => {
    const app = await createApp(owner);
    const reseller = await signedInReseller(owner, app, { credits: 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(reseller.token, app.appId, i)));

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(402)]);
    for (const refused of answers.filter((a) => a.status === 402)) {
      expect(refused.body).toEqual({ success: false, code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits' });
    }
    expect(await keysOf(app.appId, reseller.id)).toBe(10);
    expect(await resellerRecord(owner, app.appId, reseller.id)).toMatchObject({ credits: 0, keysGenerated: 10 });
    expect(await expectLedgerMatchesBalance(owner, app.appId, reseller.id)).toBe(0);

    // Each success is one generate entry naming its key; the balance stepped down one at a time.
    const generated = (await wholeLedger(owner, app.appId, reseller.id)).filter((e) => e.reason === 'generate');
    expect(generated.map((e) => e.balanceAfter)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const madeIds = answers.filter((a) => a.status === 201).map((a) => a.body.data[0].id);
    expect(generated.flatMap((e) => e.licenseIds).sort()).toEqual(madeIds.sort());
  }, 60_000);

  it('multi-key requests are all or nothing under contention', async () => {
    const app = await createApp(owner);
    const reseller = await signedInReseller(owner, app, { credits: 10 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => generate(reseller.token, app.appId, i, 3)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(3);
    expect(await keysOf(app.appId, reseller.id)).toBe(9);
    expect(await expectLedgerMatchesBalance(owner, app.appId, reseller.id)).toBe(1);
  }, 60_000);

  it('refunds racing with generations keep keys equal to credits spent minus credits refunded', async () => {
    const app = await createApp(owner);
    const reseller = await signedInReseller(owner, app, { credits: 5 });
    const first = await generate(reseller.token, app.appId, 0, 5);
    const deletes = first.body.data.map((key: { id: string }, i: number) =>
      http('DELETE', `/v1/admin/apps/${app.appId}/licenses/${key.id}`, {
        baseUrl: processes()[i % 2],
        token: reseller.token,
      }),
    );
    const generations = Array.from({ length: 10 }, (_, i) => generate(reseller.token, app.appId, i + 1));
    const [deleted, generatedAnswers] = await Promise.all([Promise.all(deletes), Promise.all(generations)]);

    expect(deleted.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    const made = generatedAnswers.filter((a) => a.status === 201).length;
    expect(generatedAnswers.every((a) => a.status === 201 || a.status === 402)).toBe(true);
    const balance = await expectLedgerMatchesBalance(owner, app.appId, reseller.id);
    expect(balance).toBe(5 - made);
    const ledger = await wholeLedger(owner, app.appId, reseller.id);
    const spent = -ledger.filter((e) => e.reason === 'generate').reduce((sum, e) => sum + e.amount, 0);
    const refunded = ledger.filter((e) => e.reason === 'refund').reduce((sum, e) => sum + e.amount, 0);
    expect(refunded).toBe(5);
    expect(await keysOf(app.appId, reseller.id)).toBe(spent - refunded);
    expect((await resellerRecord(owner, app.appId, reseller.id)).keysGenerated).toBe(spent - refunded);
  }, 60_000);

  it('a reseller disabled through one process is refused by the other at once', async () => {
    const app = await createApp(owner);
    const reseller = await signedInReseller(owner, app, { credits: 1 });
    expect((await http('GET', '/v1/admin/me', { baseUrl: second.url, token: reseller.token })).status).toBe(200);
    const disabled = await http('DELETE', `/v1/admin/apps/${app.appId}/resellers/${reseller.id}`, {
      baseUrl: BASE_URL,
      token: owner.token,
    });
    expect(disabled.status).toBe(200);
    for (const baseUrl of processes()) {
      expect((await http('GET', '/v1/admin/me', { baseUrl, token: reseller.token })).status).toBe(401);
      const login = await http('POST', '/v1/admin/auth/login', {
        baseUrl,
        body: { email: reseller.email, password: RESELLER_PASSWORD },
      });
      expect(login.status).toBe(401);
    }
    expect((await generate(reseller.token, app.appId, 1)).status).toBe(401);
  }, 60_000);
});
