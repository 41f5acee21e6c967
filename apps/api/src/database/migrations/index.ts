import { Foundation1795300000000 } from './1795300000000-Foundation.js';
import { Licensing1795300000001 } from './1795300000001-Licensing.js';
import { OwnerOperations1795300000002 } from './1795300000002-OwnerOperations.js';
import { Webhooks1795300000003 } from './1795300000003-Webhooks.js';
import { SessionOpening1795300000004 } from './1795300000004-SessionOpening.js';
import { Files1795300000006 } from './1795300000006-Files.js';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  Foundation1795300000000,
  Licensing1795300000001,
  SessionOpening1795300000004,
  OwnerOperations1795300000002,
  Webhooks1795300000003,
  Files1795300000006,
];
