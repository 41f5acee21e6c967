// Usernames: the one form they are compared in, wherever a username is taken
// (register, login, upgrade, the owner's users and search, the blacklist).

/** The characters a username is made of; a license key, which names its key-only user, is made of them too. */
const USERNAME_CHARACTERS = /^[A-Za-z0-9_.-]+$/;

/**
 * The canonical form of a username: the ASCII lower case of a name made only
 * of `A-Z a-z 0-9 _ . -`, or null for any other text. Usernames are unique in
 * an app by it, looked up by it, blacklisted and searched by it, and the
 * database stores and compares only its result (never its own locale's
 * `lower()`). No Unicode case mapping is involved, so a dotted capital I,
 * the Kelvin sign, a long s or fullwidth letters never fold onto an ASCII name.
 */
export function usernameKey(name: string): string | null {
  return USERNAME_CHARACTERS.test(name) ? name.toLowerCase() : null;
}
