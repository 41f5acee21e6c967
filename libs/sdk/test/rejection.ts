import { LatchkeyError } from '../src/index.js';

/** Resolves to the LatchkeyError a promise rejects with (fails when it resolves or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<LatchkeyError> {
  const outcome = await promise.then(
    () => new Error('expected a rejection'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof LatchkeyError)) throw outcome;
  return outcome;
}
