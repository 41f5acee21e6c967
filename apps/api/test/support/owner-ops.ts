// Helpers of the owner-operations specs, kept under their first names; new specs import
// factories from ../factories and reads from ./reads.
export { createUser, insertSession, username, USER_PASSWORD } from '../factories/index.js';
export { auditEntries, sessionState } from './reads.js';
