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
import autocannon from 'autocannon';

const [file, type, connections = '32', seconds = '10'] = process.argv.slice(2);
const target = JSON.parse(readFileSync(file, 'utf8'));
let next = 0;
/** Answers `success: false` (KeyAuth refuses with status 200): counted with the non-2xx ones. */
let refused = 0;
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

const result = await autocannon({
  url: target.url,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body(),
      }),
      onResponse: (_status, answer) => {
        if (answer.includes('"success":false')) refused += 1;
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    target: `keyauth-${target.version}`,
    type,
    connections: Number(connections),
    seconds: Number(seconds),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok2xx: result['2xx'],
    non2xx: result.non2xx + refused,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(revalidated > 0 ? { revalidated } : {}),
  })}\n`,
);
