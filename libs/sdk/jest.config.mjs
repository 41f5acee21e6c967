/** Jest in native ESM mode; TypeScript through SWC. The SDK's unit tests need no service. */
export default {
  // Jest's node environment, counting each test as it ends (scripts/jest-counting-environment.mjs).
  testEnvironment: '<rootDir>/../../scripts/jest-counting-environment.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
};
