import { readFileSync } from 'node:fs';

/**
 * The text of a versioned SQL file (`src/modules/<module>/sql/<name>.v<N>.sql`,
 * copied beside the compiled code by the build). SQL functions live in these
 * files, beside the module that owns them; a migration runs a given version.
 * A version that a landed migration runs is never edited: a database already
 * migrated would keep the old body. To change a function, add the next
 * version and a migration that runs it (its `down` runs the previous one).
 */
export function sqlFile(moduleName: string, file: string): string {
  return readFileSync(new URL(`../modules/${moduleName}/sql/${file}`, import.meta.url), 'utf8');
}
