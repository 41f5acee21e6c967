// One admin API call for the scripts that set up data through the API (`pnpm bench`, `pnpm bench:data`).

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
