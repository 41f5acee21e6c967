#!/usr/bin/env node
// The project's entry commands, runnable with nothing but Node and npm:
//   node scripts/run.mjs start   install, build, then run API + worker (dashboard at /)
//   node scripts/run.mjs test    install, build, then every test suite
//   node scripts/run.mjs bench   install, build, then the load benchmark
//   node scripts/run.mjs bench-data   install, build, then the admin reads of a seeded large app
//   node scripts/run.mjs bench-growth   install, build, then first activations as an app grows (scripts/bench-growth.mjs)
//   node scripts/run.mjs bench-export   install, build, then the licenses export at scale (scripts/bench-export.mjs)
//   node scripts/run.mjs bench-sdk   install, build, then each SDK's client CPU per verified call (scripts/bench-sdk.mjs)
//   node scripts/run.mjs bench-ab   install, build, then this build's KeyAuth calls against another build's (scripts/bench-ab.mjs)
//   node scripts/run.mjs screenshots   install, build, then docs/screenshots/ from a browser
// `npm start`, `npm test` and `npm run bench` (or the pnpm equivalents) call these.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countJUnit, countTests } from './test-counts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

function say(line) {
  process.stdout.write(`[latchkey] ${line}\n`);
}

function has(command, args = ['--version']) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** pnpm from PATH, installed globally with npm when missing. */
function ensurePnpm() {
  if (has('pnpm')) return;
  say(`installing pnpm@${pnpmVersion} with npm`);
  execFileSync('npm', ['install', '-g', `pnpm@${pnpmVersion}`], { stdio: 'inherit' });
}

function pnpm(args, options = {}) {
  execFileSync('pnpm', args, { stdio: 'inherit', cwd: root, ...options });
}

function installAndBuild() {
  ensurePnpm();
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent']);
  say('building');
  pnpm(['-r', '--reporter=silent', 'run', 'build']);
}

/** Local settings from .env; on first start, a generated MASTER_KEY is written there. */
function loadEnvFile() {
  const file = path.join(root, '.env');
  if (!existsSync(file) && !process.env.MASTER_KEY) {
    writeFileSync(
      file,
      `# Written by the first \`npm start\`. Keep it: it decrypts the apps' signing keys.\nMASTER_KEY=${randomBytes(32).toString('base64')}\n`,
      { mode: 0o600 },
    );
    say("generated MASTER_KEY in .env (keep this file: it decrypts the apps' signing keys)");
  }
  if (existsSync(file)) process.loadEnvFile(file);
}

async function start() {
  installAndBuild();
  loadEnvFile();
  const dist = path.join(root, 'apps/api/dist');
  // Read after the build: apps/api/src/node-flags.ts says why the API runs with them.
  const { API_V8_FLAGS } = await import(path.join(dist, 'node-flags.js'));
  const children = [[...API_V8_FLAGS, path.join(dist, 'bundle/cluster.js')], [path.join(dist, 'bundle/worker.js')]].map(
    (args) => spawn(process.execPath, args, { stdio: 'inherit', env: process.env }),
  );
  let stopping = false;
  const stopAll = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => stopAll('SIGTERM'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  let exited = 0;
  for (const child of children) {
    child.on('exit', (code) => {
      exited += 1;
      if (!stopping) {
        say(`a process exited (${code}); stopping the other`);
        process.exitCode = code || 1;
        stopAll('SIGTERM');
      }
      if (exited === children.length) process.exit();
    });
  }
  say(`dashboard and API at http://localhost:${process.env.PORT || 3000}`);
}

/**
 * Debian packages the test suites need, each with what needs it. A suite that
 * needs one more adds it here; the missing ones are installed in one apt-get.
 */
const CHROMIUM = { name: 'chromium', neededBy: "the dashboard's browser tests and the screenshots" };
const PYTHON_SDK = 'the Python SDK (libs/sdk-python)';
const C_SDK = 'the C SDK (libs/sdk-c)';
const CSHARP_SDK = 'the C# SDK (libs/sdk-csharp, built and tested with Mono)';
const TEST_PACKAGES = [
  CHROMIUM,
  { name: 'python3-cryptography', neededBy: PYTHON_SDK },
  { name: 'python3-pytest', neededBy: PYTHON_SDK },
  { name: 'python3-mypy', neededBy: PYTHON_SDK },
  { name: 'python3-build', neededBy: `${PYTHON_SDK}: its sdist and wheel` },
  { name: 'python3-wheel', neededBy: `${PYTHON_SDK}: its sdist and wheel` },
  { name: 'python3-venv', neededBy: `${PYTHON_SDK}: the wheel installed in a fresh environment` },
  { name: 'cmake', neededBy: C_SDK },
  { name: 'g++', neededBy: C_SDK },
  { name: 'pkg-config', neededBy: C_SDK },
  { name: 'libssl-dev', neededBy: C_SDK },
  { name: 'libcurl4-openssl-dev', neededBy: C_SDK },
  { name: 'libcjson-dev', neededBy: C_SDK },
  { name: 'make', neededBy: CSHARP_SDK },
  { name: 'mono-devel', neededBy: CSHARP_SDK },
  { name: 'libmono-system-web-extensions4.0-cil', neededBy: CSHARP_SDK },
  { name: 'mingw-w64', neededBy: `${C_SDK}, built for Windows` },
  { name: 'wine64', neededBy: `${C_SDK}'s tests for Windows` },
  // wine64 only recommends it, and it has the `wine` and `wineserver` commands the suite runs.
  { name: 'wine', neededBy: `${C_SDK}'s tests for Windows` },
  { name: 'php-cli', neededBy: "the KeyAuth PHP client's test (apps/api/test/keyauth-php.e2e-spec.ts)" },
  { name: 'php-curl', neededBy: "the KeyAuth PHP client's test (apps/api/test/keyauth-php.e2e-spec.ts)" },
  // Debian 12's PostgreSQL is 15; pg_dump must be of the server's major version or newer.
  { name: 'postgresql-client-15', neededBy: 'the backup test (pg_dump, pg_restore)' },
];

function debianPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !debianPackageInstalled(p.name));
  if (missing.length === 0) return;
  const list = missing.map((p) => p.name).join(' ');
  if (process.getuid?.() !== 0) {
    throw new Error(`the tests need Debian packages: run \`sudo apt-get install -y ${list}\` first`);
  }
  for (const p of missing) say(`installing ${p.name} (Debian package) for ${p.neededBy}`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing.map((p) => p.name)], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * One Jest suite (`args`: e.g. its config) ready to run: the command, and its
 * counts as the counting environment recorded them (scripts/test-counts.mjs),
 * so a suite that fails to report its results still has its tests counted.
 */
function jestSuite(cwd, args, env) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latchkey-jest-'));
  const report = path.join(scratch, 'report.json');
  const countsDir = path.join(scratch, 'counts');
  mkdirSync(countsDir);
  return {
    scratch,
    args: [
      '--experimental-vm-modules',
      '--no-warnings',
      'node_modules/jest/bin/jest.js',
      ...args,
      '--json',
      `--outputFile=${report}`,
    ],
    options: { cwd: path.join(root, cwd), env: { ...process.env, ...env, LATCHKEY_TEST_COUNTS_DIR: countsDir } },
    counts(status) {
      const counts = countTests(countsDir, report);
      return { ...counts, ok: status === 0 && counts.failed === 0 };
    },
  };
}

function runJest(label, cwd, args = []) {
  const suite = jestSuite(cwd, args, {});
  say(`running ${label}`);
  const result = spawnSync(process.execPath, suite.args, { ...suite.options, stdio: 'inherit' });
  return suite.counts(result.status);
}

/**
 * Starts a Jest suite in the background, its output kept in a file (nothing
 * here reads a pipe while a suite runs in the foreground); the function it
 * returns waits for the suite, prints that output and returns its counts.
 */
function startJest(label, cwd, args, env) {
  const suite = jestSuite(cwd, args, env);
  const output = path.join(suite.scratch, 'output.txt');
  const fd = openSync(output, 'w');
  say(`running ${label}, in the background`);
  const child = spawn(process.execPath, suite.args, { ...suite.options, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const status = new Promise((resolve) => {
    child.once('error', () => resolve(null));
    child.once('exit', (code) => resolve(code));
  });
  return async () => {
    const code = await status;
    say(`${label}:`);
    process.stdout.write(readFileSync(output));
    return suite.counts(code);
  };
}

/**
 * The API specs that mostly wait: for BullMQ to hand a dead worker's job on
 * (webhooks-crash, about two minutes) and for a fixed-rate load to run its
 * minute (soak). They run in a Jest of their own beside the other API specs,
 * so their waits overlap the others' work instead of holding one of its two workers.
 */
const WAITING_API_SPECS = ['test/webhooks-crash.e2e-spec.ts', 'test/soak.e2e-spec.ts'];
const specPattern = (spec) => `/${spec.replaceAll('.', '\\.')}$`;

/**
 * The Python SDK's pytest suite (libs/sdk-python) as a vendor gets the
 * package: its sdist and wheel built (the wheel from the sdist), the wheel
 * installed offline into a fresh virtual environment of Debian's
 * /usr/bin/python3 (it sees python3-cryptography, python3-pytest and
 * python3-mypy), and the tests run with that environment's Python against a
 * real Latchkey started by scripts/with-live-service.mjs; counts from its
 * JUnit report (a package that fails to build or install counts as a failure).
 */
function runPytest(label) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latchkey-pytest-'));
  const report = path.join(scratch, 'junit.xml');
  const source = path.join(root, 'libs/sdk-python');
  const dist = path.join(scratch, 'dist');
  const python = path.join(scratch, 'venv/bin/python');
  say(`building, installing and running ${label}`);
  const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options }).status === 0;
  const installed =
    run('/usr/bin/python3', ['-m', 'build', '--no-isolation', '--outdir', dist, source]) &&
    run('/usr/bin/python3', ['-m', 'venv', '--system-site-packages', path.join(scratch, 'venv')]) &&
    run(python, ['-m', 'pip', 'install', '--no-index', '--disable-pip-version-check', '-q', wheelIn(dist)]);
  const passed =
    installed &&
    run(
      process.execPath,
      [
        path.join(root, 'scripts/with-live-service.mjs'),
        '--database',
        'latchkey_sdk_python',
        '--',
        python,
        '-m',
        'pytest',
        '-q',
        `--junitxml=${report}`,
      ],
      { cwd: source, env: { ...process.env, LATCHKEY_TEST_INSTALLED: '1' } },
    );
  const counts = countJUnit(report);
  rmSync(scratch, { recursive: true, force: true });
  return { ...counts, ok: passed && counts.failed === 0 };
}

function wheelIn(dir) {
  const wheel = existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.whl')) : undefined;
  return wheel ? path.join(dir, wheel) : path.join(dir, 'no-wheel-was-built.whl');
}

/**
 * Configures and builds the C SDK into libs/sdk-c/`buildDir` (with `options`
 * for CMake, after an optimised build type with debug information: the plain
 * build's latchkey-bench is what `pnpm bench:sdk` measures) and runs its ctest
 * suite; counts from ctest's JUnit report, so a build that fails counts as one
 * failure.
 */
function runCtest(label, buildDir, options = [], env = process.env, beforeTests = () => {}) {
  const source = path.join(root, 'libs/sdk-c');
  const build = path.join(source, buildDir);
  const report = path.join(build, 'ctest-junit.xml');
  rmSync(report, { force: true });
  say(`building and running ${label}`);
  const steps = [
    ['cmake', ['-S', source, '-B', build, '-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DLATCHKEY_WERROR=ON', ...options]],
    ['cmake', ['--build', build, '-j2']],
    ['ctest', ['--test-dir', build, '-j2', '--output-on-failure', '--output-junit', report]],
  ];
  const ok = steps.every(([command, args]) => {
    if (command === 'ctest') beforeTests();
    return spawnSync(command, args, { stdio: 'inherit', env }).status === 0;
  });
  const counts = countJUnit(report);
  return { ...counts, ok: ok && counts.failed === 0 };
}

/**
 * The C# SDK (libs/sdk-csharp): its Makefile builds it with Mono's mcs over the liblatchkey of the
 * C suite's `build` dir (so runCtest must have run first) and runs its tests (vectors, fake
 * service, a real Latchkey through scripts/with-live-service.mjs); counts from their JUnit report,
 * so a build that fails counts as one failure.
 */
function runCsharp(label) {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'latchkey-csharp-')), 'junit.xml');
  say(`building and running ${label}`);
  const result = spawnSync(
    'make',
    ['-C', path.join(root, 'libs/sdk-csharp'), '-j2', 'test', `JUNIT_REPORT=${report}`, `NODE=${process.execPath}`],
    { stdio: 'inherit' },
  );
  const counts = countJUnit(report);
  return { ...counts, ok: result.status === 0 && counts.failed === 0 };
}

/**
 * The C SDK cross-compiled with MinGW-w64 and its tests run under Wine, in a
 * Wine prefix of its own (removed after). An idle Wine process made first
 * creates the prefix while the build runs, then holds the session open, so
 * Wine's service processes start once, with no test's output pipe in hand
 * (ctest would wait on it); a ping before the tests waits for the prefix and
 * loads the network driver.
 */
function runWineCtest(label) {
  const started = Date.now();
  const prefix = mkdtempSync(path.join(tmpdir(), 'latchkey-wine-'));
  // Wine's messages off but its loader's errors: a test program that cannot start says why (a missing DLL,
  // say) instead of failing with no output at all.
  const env = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all,err+module', WINEDLLOVERRIDES: 'mscoree,mshtml=' };
  delete env.DISPLAY;
  const quiet = { stdio: 'ignore', env };
  const holder = spawn('wine', ['cmd'], { stdio: ['pipe', 'ignore', 'ignore'], env });
  try {
    return runCtest(
      label,
      'build-windows',
      [`-DCMAKE_TOOLCHAIN_FILE=${path.join(root, 'libs/sdk-c/cmake/mingw-w64-x86_64.cmake')}`],
      env,
      () => spawnSync('wine', ['ping', '-n', '1', '127.0.0.1'], quiet),
    );
  } finally {
    holder.stdin.end();
    spawnSync('wineserver', ['-k'], quiet);
    rmSync(prefix, { recursive: true, force: true });
    say(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  }
}

async function test() {
  installAndBuild();
  ensureDebianPackages(TEST_PACKAGES);
  const waitingDatabase = `${process.env.TEST_DATABASE_NAME || 'latchkey_test'}_waiting`;
  const finishWaitingSpecs = startJest('API tests that mostly wait', 'apps/api', WAITING_API_SPECS.map(specPattern), {
    TEST_DATABASE_NAME: waitingDatabase,
    LATCHKEY_TEST_SHARED_API: 'none',
  });
  const ignoreWaiting = ['/node_modules/', ...WAITING_API_SPECS.map(specPattern)].map(
    (pattern) => `--testPathIgnorePatterns=${pattern}`,
  );
  const suites = [
    runJest('API tests (unit and e2e)', 'apps/api', ignoreWaiting),
    await finishWaitingSpecs(),
    runJest('SDK unit tests (protocol test vectors)', 'libs/sdk'),
    runPytest('Python SDK tests (vectors, refusals, live service)'),
    runJest('dashboard unit tests', 'apps/dashboard', ['--config', 'jest.unit.config.mjs']),
    runJest('dashboard browser tests', 'apps/dashboard'),
    runCtest('C SDK tests (vectors, refusals, live end to end)', 'build'),
    runCtest('C SDK tests under AddressSanitizer and UBSan', 'build-asan', [
      '-DCMAKE_BUILD_TYPE=Debug',
      '-DLATCHKEY_SANITIZE=ON',
      '-DLATCHKEY_LIVE_DATABASE=latchkey_sdk_c_asan',
    ]),
    runCsharp('C# SDK tests under Mono (vectors, refusals, live end to end)'),
    runWineCtest('C SDK tests for Windows under Wine'),
  ];
  const total = suites.reduce(
    (sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed, skipped: sum.skipped + s.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const ok = suites.every((s) => s.ok) && total.passed > 0;
  process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  process.exit(ok ? 0 : 1);
}

/** Builds, then runs `script` of scripts/ with this command's arguments. */
function buildAndRun(script) {
  installAndBuild();
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', script), ...process.argv.slice(3)], {
    stdio: 'inherit',
    cwd: root,
  });
  process.exit(result.status ?? 1);
}

const bench = () => buildAndRun('bench.mjs');
const benchData = () => buildAndRun('bench-data.mjs');
const benchGrowth = () => buildAndRun('bench-growth.mjs');
const benchExport = () => buildAndRun('bench-export.mjs');
const benchSdk = () => buildAndRun('bench-sdk.mjs');
const benchAb = () => buildAndRun('bench-ab.mjs');

function screenshots() {
  installAndBuild();
  ensureDebianPackages([CHROMIUM]);
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/screenshots.mjs')], {
    stdio: 'inherit',
    cwd: root,
  });
  process.exit(result.status ?? 1);
}

const command = process.argv[2];
const commands = {
  start,
  test,
  bench,
  'bench-data': benchData,
  'bench-growth': benchGrowth,
  'bench-export': benchExport,
  'bench-sdk': benchSdk,
  'bench-ab': benchAb,
  screenshots,
};
if (!commands[command]) {
  process.stderr.write(
    'usage: node scripts/run.mjs start|test|bench|bench-data|bench-growth|bench-export|bench-sdk|bench-ab|screenshots\n',
  );
  process.exit(2);
}
await commands[command]();
