// Admin API calls for the scripts that set up data through the API (`pnpm bench`, `pnpm bench:data`, `pnpm bench:ab`).

/** `method path` with a JSON body and an optional bearer token; the answer's `data`, or an error naming the call. */
export async function admin(base, method, pathName, token, body) {
  const res = await fetch(base + pathName, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${pathName}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * A new owner (`email`) with one app (`name`) whose per-IP rate limit is
 * lifted, as a vendor would for a load test from one address:
 * `{ accessToken, account, app }`.
 */
export async function benchOwnerApp(base, email, name) {
  const { accessToken, account } = await admin(base, 'POST', '/v1/admin/auth/signup', undefined, {
    email,
    password: 'bench password',
  });
  const app = await admin(base, 'POST', '/v1/admin/apps', accessToken, { name });
  await admin(base, 'PATCH', `/v1/admin/apps/${app.appId}`, accessToken, { rateLimitPerMinute: 0 });
  return { accessToken, account, app };
}

/** `count` new 30-day keys of app `appId`, made through the admin API a hundred at a time. */
export async function generateKeys(base, token, appId, count) {
  const keys = [];
  while (keys.length < count) {
    const batch = await admin(base, 'POST', `/v1/admin/apps/${appId}/licenses`, token, {
      count: Math.min(100, count - keys.length),
      durationType: '30d',
    });
    keys.push(...batch.map((license) => license.key));
  }
  return keys;
}

/** `task(item, index)` over `items`, `width` at a time; the results in order. */
export async function inBatches(items, width, task) {
  const out = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => task(item, i + j)))));
  }
  return out;
}
