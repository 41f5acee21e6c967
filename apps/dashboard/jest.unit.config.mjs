// Unit tests of src/ (lib, utils, form helpers and components) in jsdom, with
// Testing Library; TypeScript and JSX through SWC. Run with
// `node --experimental-vm-modules node_modules/jest/bin/jest.js --config jest.unit.config.mjs`
// (`pnpm test:unit`). The browser tests have jest.config.mjs.
export default {
  testEnvironment: '<rootDir>/jest.counting-jsdom-environment.mjs',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1', '\\.css$': '<rootDir>/src/test/stylesheet.ts' },
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
