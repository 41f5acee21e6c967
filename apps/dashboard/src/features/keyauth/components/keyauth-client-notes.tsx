// What a vendor changes in each official KeyAuth client so that it talks to
// this app: the URL it posts to and the Ed25519 public key it checks answers
// with (KeyAuth's own key is compiled in). Places named after KeyAuth's
// official examples (KeyAuth-CPP-Example, KeyAuth-CSHARP-Example,
// KeyAuth-Python-Example).
import type { ReactNode } from 'react';

/** KeyAuth's platform key, the 64 hex characters every official 1.3 client embeds: what to search for. */
export const KEYAUTH_PLATFORM_PUBLIC_KEY = '5586b4bc69c7a4b487e4563a4cd96afd39140f919bd31cea7d1c6a1e8439422b';

interface ClientNote {
  client: string;
  change: ReactNode;
}

function clientNotes(url: string, publicKeyHex: string): ClientNote[] {
  const urlCode = <code className="break">{url}</code>;
  const keyCode = <code className="break">{publicKeyHex}</code>;
  return [
    {
      client: 'C++',
      change: (
        <>
          In <code>main.cpp</code>, the <code>url</code> string given to <code>api KeyAuthApp(…)</code> becomes{' '}
          {urlCode}, and a <code>set_allowed_hosts(…)</code> call there must name your host. The public key is{' '}
          <code>API_PUBLIC_KEY</code> in the library source’s <code>auth.cpp</code>: set it to {keyCode} and build the
          library from that source (the prebuilt <code>library_x64.lib</code> has KeyAuth’s key inside).
        </>
      ),
    },
    {
      client: 'C#',
      change: (
        <>
          In <code>KeyAuth.cs</code>: in <code>req()</code>, the URL passed to <code>client.UploadValues</code> becomes{' '}
          {urlCode}; in <code>sigCheck()</code>, the hex string passed to <code>str_to_byte_arr</code> becomes {keyCode}
          .
        </>
      ),
    },
    {
      client: 'Python',
      change: (
        <>
          In <code>keyauth.py</code>, method <code>__do_request</code>: the URL of <code>requests.post</code> becomes{' '}
          {urlCode} and the last argument of <code>verify_key(…)</code> becomes {keyCode}.
        </>
      ),
    },
    {
      client: 'Other clients (Go, PHP, Java, Rust, …)',
      change: (
        <>
          Replace <code>https://keyauth.win/api/1.3/</code> with {urlCode} and KeyAuth’s public key{' '}
          <code className="break">{KEYAUTH_PLATFORM_PUBLIC_KEY}</code> with {keyCode}.
        </>
      ),
    },
  ];
}

/**
 * Per official client, the two places to change; clients on protocol 1.2
 * check an HMAC with the secret instead of a signature.
 */
export function KeyAuthClientNotes({
  endpoints,
  publicKeyHex,
}: {
  endpoints: { v13: string; v12: string };
  publicKeyHex: string;
}) {
  return (
    <div className="stack-sm">
      <h3>What to change in your client</h3>
      <p className="muted">
        Keep your <code>ownerid</code>, <code>name</code> and version as above; only the URL and the public key change.
      </p>
      <dl className="keyauth-client-notes">
        {clientNotes(endpoints.v13, publicKeyHex).map(({ client, change }) => (
          <div key={client}>
            <dt>{client}</dt>
            <dd>{change}</dd>
          </div>
        ))}
        <div>
          <dt>Clients on protocol 1.2</dt>
          <dd>
            They check an HMAC, not a signature: point them at <code className="break">{endpoints.v12}</code> and keep
            the secret they were built with (“Set existing secret” above) or build them with this app’s.
          </dd>
        </div>
      </dl>
    </div>
  );
}
