import type { Principal } from './principal.js';

/**
 * Turns a presented bearer token into its principal. The accounts module
 * provides it (it owns tokens); the guard depends only on this shape, so
 * `common/` never imports a feature module.
 */
export abstract class PrincipalResolver {
  /** The principal of a live token, or null when unknown, expired or revoked. */
  abstract authenticate(token: string): Promise<Principal | null>;
}
