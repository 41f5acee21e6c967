import { Foundation1795300000000 } from './1795300000000-Foundation.js';
import { Licensing1795300000001 } from './1795300000001-Licensing.js';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Foundation1795300000000, Licensing1795300000001];
