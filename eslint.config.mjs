import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/**
 * Which API parts may import which (boundary lint). A feature module may
 * import only the modules listed for it, common/ and config/; nothing imports
 * database/ but the entry points, which may import anything. The table is
 * acyclic, so a new cycle, or a feature reaching into one it does not depend
 * on, fails `pnpm lint`. A new module folder imports nothing until it is
 * listed here. `pnpm graph` prints the dependencies as they are.
 */
const MODULE_DEPENDENCIES = {
  events: [],
  audit: [],
  'rate-limit': [],
  health: [],
  mail: [],
  accounts: ['audit', 'rate-limit'],
  passkeys: ['accounts', 'audit', 'rate-limit'],
  apps: ['accounts', 'audit', 'events'],
  sessions: ['accounts', 'apps', 'audit', 'events'],
  users: ['accounts', 'apps', 'audit', 'events', 'sessions'],
  resellers: ['accounts', 'apps', 'audit', 'rate-limit'],
  licenses: ['accounts', 'apps', 'audit', 'events', 'resellers', 'sessions', 'users'],
  variables: ['accounts', 'apps', 'audit'],
  'user-variables': ['accounts', 'apps', 'audit'],
  blacklist: ['accounts', 'apps', 'audit', 'sessions'],
  webhooks: ['accounts', 'apps', 'audit', 'events'],
  stats: ['accounts', 'apps', 'sessions'],
  logs: ['accounts', 'apps', 'audit'],
  members: ['accounts', 'apps', 'audit'],
  files: ['accounts', 'apps', 'audit', 'events', 'sessions'],
  jobs: ['accounts', 'apps', 'audit', 'files', 'licenses', 'users'],
  portal: ['accounts', 'apps', 'audit', 'blacklist', 'events', 'files', 'mail', 'rate-limit', 'sessions', 'users'],
  client: [
    'apps',
    'audit',
    'blacklist',
    'events',
    'files',
    'licenses',
    'rate-limit',
    'sessions',
    'users',
    'variables',
    'user-variables',
  ],
  store: ['accounts', 'apps', 'audit', 'events', 'licenses', 'mail', 'rate-limit'],
  keyauth: [
    'accounts',
    'apps',
    'audit',
    'blacklist',
    'client',
    'events',
    'files',
    'jobs',
    'licenses',
    'rate-limit',
    'sessions',
    'stats',
    'users',
    'user-variables',
    'variables',
  ],
};
const API_SRC = 'apps/api/src';
const moduleNames = readdirSync(new URL(`./${API_SRC}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleType = (name) => `module:${name}`;

const boundaryLint = {
  files: [`${API_SRC}/**/*.ts`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-ts-resolver.mjs', import.meta.url))]: {} },
    'boundaries/elements': [
      { type: 'common', pattern: `${API_SRC}/common` },
      { type: 'config', pattern: `${API_SRC}/config` },
      { type: 'database', pattern: `${API_SRC}/database` },
      ...moduleNames.map((name) => ({ type: moduleType(name), pattern: `${API_SRC}/modules/${name}` })),
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          {
            from: { element: { type: 'common' } },
            allow: { to: { element: { types: { anyOf: ['common', 'config'] } } } },
          },
          { from: { element: { type: 'config' } }, allow: { to: { element: { type: 'config' } } } },
          {
            from: { element: { type: 'database' } },
            allow: { to: { element: { types: { anyOf: ['database', 'config', ...moduleNames.map(moduleType)] } } } },
          },
          ...moduleNames.map((name) => ({
            from: { element: { type: moduleType(name) } },
            allow: {
              to: {
                element: {
                  types: {
                    anyOf: ['common', 'config', moduleType(name), ...(MODULE_DEPENDENCIES[name] ?? []).map(moduleType)],
                  },
                },
              },
            },
          })),
        ],
      },
    ],
  },
};

/**
 * Dashboard: a feature (src/features/<name>) never imports another feature or
 * a page; shared parts live in src/components and src/lib, and pages under
 * src/app compose features.
 */
const DASHBOARD_FEATURES = 'apps/dashboard/src/features';
const dashboardFeatureLint = readdirSync(new URL(`./${DASHBOARD_FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    files: [`${DASHBOARD_FEATURES}/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${name}/)|^\\.\\./\\.\\./`,
              message: 'A feature does not import another feature: share through src/components or src/lib.',
            },
            { regex: '^@/app/', message: 'A feature does not import pages or routes.' },
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.bench-cache/**',
      // CMake build trees of the C SDK (their compiler_depend.ts are not TypeScript)
      'libs/sdk-c/build*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Test helpers read loosely typed JSON bodies.
    files: ['**/test/**/*.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  boundaryLint,
  ...dashboardFeatureLint,
);
