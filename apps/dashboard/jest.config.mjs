// Browser tests: plain ESM test files, no transform. Run with
// `node --experimental-vm-modules node_modules/jest/bin/jest.js` (`pnpm test:e2e`).
export default {
  // Jest's node environment, counting each test as it ends (scripts/jest-counting-environment.mjs).
  testEnvironment: '<rootDir>/../../scripts/jest-counting-environment.mjs',
  testMatch: ['<rootDir>/e2e/**/*.test.mjs'],
  transform: {},
  // Each file has its own database, API process and browser; two at a time keep both cores busy.
  maxWorkers: 2,
  testTimeout: 60_000,
};
