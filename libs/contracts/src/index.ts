export * from './client.js';
export * from './admin.js';
export * from './licensing.js';
export * from './events.js';
export * from './files.js';
export * from './usernames.js';
export * from './errors.js';
