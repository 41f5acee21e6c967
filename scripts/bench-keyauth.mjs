// `pnpm bench`'s KeyAuth rows: the bench app's KeyAuth compatibility turned on
// through the admin API, and for each version keys of its own, each first
// used by KeyAuth's `license` on a session of its own, as a KeyAuth client
// would have them. Driven by keyauth-load.mjs.
import { randomBytes } from 'node:crypto';
import { admin } from './admin-call.mjs';

export const KEYAUTH_VERSIONS = ['1.3', '1.2'];
/** The calls measured through KeyAuth, each against `/v1`'s row of the same type. */
export const KEYAUTH_TYPES = new Set(['init', 'var', 'license']);
/** Keys (and sessions) per version: kept apart from `/v1`'s, whose logins would evict their sessions. */
const KEYAUTH_KEYS = 500;

/**
 * `license` through KeyAuth is measured as a client's launch makes it: on a
 * session `init` has just opened, as `/v1`'s repeat login opens a new session.
 * This many are opened per second of a run before it starts (more than the
 * fastest run answers), outside the run's time and CPU.
 */
const FRESH_SESSIONS_PER_SECOND = 3000;

/** Posts one KeyAuth call as a form and returns its JSON answer. */
async function keyauthCall(url, fields) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return response.json();
}

/**
 * Turns KeyAuth on for `app` and prepares each version's target: `generate(n)`
 * makes n keys through the admin API; `inBatches` runs the setup calls a few
 * at a time.
 */
export async function setUpKeyAuth(base, accessToken, app, { generate, inBatches }) {
  const ownerid = randomBytes(5).toString('hex');
  const { name } = await admin(base, 'PUT', `/v1/admin/apps/${app.appId}/keyauth`, accessToken, {
    enabled: true,
    ownerId: ownerid,
    name: 'Bench',
    versions: KEYAUTH_VERSIONS,
    subscriptionNames: {},
    fetchOnline: false,
    selfBan: false,
    appVersion: null,
    downloadUrl: null,
  });
  const targets = {};
  for (const version of KEYAUTH_VERSIONS) {
    const url = `${base}/api/${version}/`;
    const keys = await generate(KEYAUTH_KEYS);
    const hwids = keys.map((_, i) => `KA${version}-HW${i + 1}`);
    const sessions = await inBatches(keys, 16, async (key, i) => {
      const init = await keyauthCall(url, { type: 'init', name, ownerid, ver: '1.0' });
      const login = await keyauthCall(url, {
        type: 'license',
        name,
        ownerid,
        key,
        hwid: hwids[i],
        sessionid: init.sessionid,
      });
      if (!login.success) throw new Error(`KeyAuth ${version} license failed: ${login.message}`);
      return init.sessionid;
    });
    targets[version] = {
      label: `keyauth-${version}`,
      kind: 'keyauth-form',
      url,
      version,
      ownerid,
      name,
      keys,
      hwids,
      sessions,
    };
  }
  return targets;
}

/**
 * Before a run of `type` on a KeyAuth target: `license` gets `seconds` worth
 * of fresh, unvalidated sessions (`freshSessions`), which the driver uses once each.
 */
export async function prepareKeyAuthRun(target, type, seconds, inBatches) {
  if (type !== 'license') return;
  const count = FRESH_SESSIONS_PER_SECOND * seconds;
  const fields = { type: 'init', name: target.name, ownerid: target.ownerid, ver: '1.0' };
  target.freshSessions = await inBatches(Array.from({ length: count }), 32, async () => {
    const init = await keyauthCall(target.url, fields);
    if (!init.success) throw new Error(`KeyAuth ${target.version} init failed: ${init.message}`);
    return init.sessionid;
  });
}
