import { afterEach, describe, expect, it } from '@jest/globals';
import { generateSigningKeyPair, loadSigningKey, ResponseSigner, signMessage } from './crypto.js';
import { SigningThread, signingThreadHelps } from './signing-thread.js';

const threads: SigningThread[] = [];
function thread(sodiumModule?: string | null): SigningThread {
  const made = new SigningThread(sodiumModule);
  threads.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});

function keys(count: number) {
  return Array.from({ length: count }, () => loadSigningKey(generateSigningKeyPair().privateKeyDer));
}

describe('SigningThread', () => {
  it("signs many messages in flight under several apps' keys, each exactly as inline signing does", async () => {
    const signer = thread();
    const appKeys = keys(3);
    const tasks = Array.from({ length: 300 }, (_, i) => ({ key: appKeys[i % 3]!, message: `1700000000{"n":${i}}` }));
    const signatures = await Promise.all(tasks.map(({ key, message }) => signer.sign(key, message)));
    tasks.forEach(({ key, message }, i) => expect(signatures[i]).toBe(signMessage(key, message)));
  });

  it.each([
    ['OpenSSL', null],
    ['OpenSSL, when libsodium fails to load', '/nonexistent/sodium-native/index.js'],
  ])('signs with %s on the thread, the same bytes', async (_library, sodiumModule) => {
    const signer = thread(sodiumModule);
    const appKeys = keys(2);
    const tasks = Array.from({ length: 40 }, (_, i) => ({ key: appKeys[i % 2]!, message: `1700000000{"n":${i}}` }));
    const signatures = await Promise.all(tasks.map(({ key, message }) => signer.sign(key, message)));
    tasks.forEach(({ key, message }, i) => expect(signatures[i]).toBe(signMessage(key, message)));
  });

  it('keeps every signature coming when the thread is stopped with signatures in flight', async () => {
    const signer = thread();
    const [key] = keys(1);
    const inFlight = Array.from({ length: 50 }, (_, i) => signer.sign(key!, `m${i}`));
    await signer.close();
    const after = signer.sign(key!, 'after');
    expect(typeof after).toBe('string');
    const signatures = await Promise.all(inFlight);
    signatures.forEach((signature, i) => expect(signature).toBe(signMessage(key!, `m${i}`)));
    expect(after).toBe(signMessage(key!, 'after'));
  });

  it('is used by a ResponseSigner, which shares one signing between identical answers in flight', async () => {
    const [key] = keys(1);
    const signer = new ResponseSigner(key!, thread());
    const first = signer.sign('1700000000', '{"ok":true}');
    const second = signer.sign('1700000000', '{"ok":true}');
    expect(second).toBe(first);
    expect(await first).toBe(signMessage(key!, '1700000000' + '{"ok":true}'));
    expect(await signer.sign('1700000001', '{"ok":true}')).toBe(signMessage(key!, '1700000001' + '{"ok":true}'));
  });

  it('runs only where a core is left over by the API processes', () => {
    expect(signingThreadHelps(1, 2)).toBe(true);
    expect(signingThreadHelps(2, 2)).toBe(false);
    expect(signingThreadHelps(4, 2)).toBe(false);
  });
});
