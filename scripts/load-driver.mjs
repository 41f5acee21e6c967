// What our own load drivers (keyauth-load.mjs, v1-nonce-load.mjs) share: one
// autocannon run of POSTs whose bodies `body()` makes, printed as one JSON line
// shaped like ../shared/bench/load.mjs's.
import autocannon from 'autocannon';

/**
 * Runs the load and prints its line. `refused(answer)` counts an answer with a
 * 2xx status as a refusal (KeyAuth refuses with 200), added to `non2xx`;
 * `extra()` adds fields to the line once the run is over.
 */
export async function loadAndReport({ label, type, url, connections, seconds, contentType, body, refused, extra }) {
  let refusals = 0;
  const result = await autocannon({
    url,
    connections: Number(connections),
    duration: Number(seconds),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, headers: { 'content-type': contentType }, body: body() }),
        onResponse: (_status, answer) => {
          if (refused?.(answer)) refusals += 1;
        },
      },
    ],
  });
  process.stdout.write(
    `${JSON.stringify({
      target: label,
      type,
      connections: Number(connections),
      seconds: Number(seconds),
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok2xx: result['2xx'],
      non2xx: result.non2xx + refusals,
      errors: result.errors,
      timeouts: result.timeouts,
      ...extra?.(),
    })}\n`,
  );
}
