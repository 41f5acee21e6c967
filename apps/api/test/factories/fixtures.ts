// Fixtures: the owner (and app) a whole spec works with, made once before its tests.
import { beforeAll } from '@jest/globals';
import type { CreatedApp } from '@latchkey/contracts';
import { createApp } from './apps.js';
import { type Owner, signupOwner } from './owners.js';

/**
 * An owner signed up before the spec's tests. A `beforeAll` hook fills the
 * returned object in, so read it in tests and later hooks, not while the spec
 * is being collected.
 */
export function signedUpOwner(): Owner {
  const owner = {} as Owner;
  beforeAll(async () => {
    Object.assign(owner, await signupOwner());
  });
  return owner;
}

/** `signedUpOwner` and an app of theirs made with `appFields`, filled in the same way. */
export function ownerWithApp(appFields: Record<string, unknown> = {}): { owner: Owner; app: CreatedApp } {
  const owner = signedUpOwner();
  const app = {} as CreatedApp;
  beforeAll(async () => {
    Object.assign(app, await createApp(owner, appFields));
  });
  return { owner, app };
}
