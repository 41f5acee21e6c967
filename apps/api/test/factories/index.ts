// Factories: each makes one record the way a spec needs it, through the admin API
// (or, where a spec must not depend on the client endpoint, straight into the database).
export { createApp, patchApp } from './apps.js';
export { ownerWithApp, signedUpOwner } from './fixtures.js';
export { createLicense, createLicenses } from './licenses.js';
export { signupOwner, type Owner } from './owners.js';
export {
  createReseller,
  RESELLER_PASSWORD,
  resellerLogin,
  signedInReseller,
  type SignedInReseller,
} from './resellers.js';
export { insertSession } from './sessions.js';
export { createUser, username, USER_PASSWORD } from './users.js';
