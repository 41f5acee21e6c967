// Load driver for the KeyAuth endpoint (`pnpm bench`'s KeyAuth rows): autocannon
// against one call of one version, posting the form bodies KeyAuth's clients
// send, printing one JSON line shaped like ../shared/bench/load.mjs's. The
// shared driver's KeyAuth bodies carry one session for every call and no
// `varid`, so `var` and a session per key need this one.
// node scripts/keyauth-load.mjs TARGET.json TYPE [connections=32] [seconds=10]
// TARGET.json: { url, version, ownerid, name, keys: [...], hwids: [...], sessions: [...] }:
// `sessions[i]` is a KeyAuth session already validated by `license` with `keys[i]` and `hwids[i]`;
// `freshSessions` (for `license`) are unvalidated ones, each used once; once they run out,
// `license` re-validates `sessions` (counted as `revalidated`).
import { readFileSync } from 'node:fs';
import { loadAndReport } from './load-driver.mjs';

const [file, type, connections = '32', seconds = '10'] = process.argv.slice(2);
const target = JSON.parse(readFileSync(file, 'utf8'));
let next = 0;
const freshSessions = target.freshSessions ?? [];
let revalidated = 0;

/** The form body of one call: init, var (`motd`) or license (each key on its own session, in turn). */
function body() {
  const fields = new URLSearchParams({ type, name: target.name, ownerid: target.ownerid });
  const k = next++ % target.keys.length;
  if (type === 'init') fields.set('ver', '1.0');
  if (type === 'var') {
    fields.set('varid', 'motd');
    fields.set('sessionid', target.sessions[k]);
  }
  if (type === 'license') {
    fields.set('key', target.keys[k]);
    fields.set('hwid', target.hwids[k]);
    const fresh = next - 1 < freshSessions.length ? freshSessions[next - 1] : undefined;
    if (fresh === undefined) revalidated += 1;
    fields.set('sessionid', fresh ?? target.sessions[k]);
  }
  return fields.toString();
}

await loadAndReport({
  label: `keyauth-${target.version}`,
  type,
  url: target.url,
  connections,
  seconds,
  contentType: 'application/x-www-form-urlencoded',
  body,
  refused: (answer) => answer.includes('"success":false'),
  extra: () => (revalidated > 0 ? { revalidated } : {}),
});
