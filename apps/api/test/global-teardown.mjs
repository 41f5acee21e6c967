export default async function globalTeardown() {
  await globalThis.__latchkeyApi?.stop();
}
