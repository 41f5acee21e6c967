// Starts the built service as real child processes for tests and the bench:
// a scratch database, then `apps/api/dist/bundle/main.js` (HTTP) and optionally
// `apps/api/dist/bundle/worker.js`, on loopback with a free port.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// LATCHKEY_API_DIST lets parallel work build to its own folder under apps/api.
const apiDist = process.env.LATCHKEY_API_DIST
  ? path.resolve(process.env.LATCHKEY_API_DIST)
  : path.join(root, 'apps/api/dist');
const serverUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Drops and recreates `name`; returns its connection URL. */
export async function freshDatabase(name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The resident memory of process `pid` in MiB, as the kernel counts it (VmRSS of /proc/<pid>/status). */
export function residentMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU time (user + system) process `pid` has used, in ms, as the kernel counts it (/proc/<pid>/stat). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

// Ports handed out by freePort lie below the kernel's ephemeral range (32768-60999 here, from
// /proc/sys/net/ipv4/ip_local_port_range), so a server that binds port 0 (a spec's webhook receiver)
// or an outgoing connection can never take one between freePort closing it and the child binding it.
const HANDED_OUT_PORTS = { low: 20_000, high: 32_767 };

function canListen(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, for a child process to bind. */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = HANDED_OUT_PORTS.low + Math.floor(Math.random() * (HANDED_OUT_PORTS.high - HANDED_OUT_PORTS.low + 1));
    if (await canListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

/**
 * Whether process `pid` holds the socket listening on `port`: the LISTEN entries of /proc/net/tcp{,6}
 * matched against the process's descriptors. A 200 on the port proves only that something answers.
 */
function listensOn(pid, port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${hexPort}`) && state === '0A') inodes.add(inode);
    }
  }
  let descriptors;
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process has gone
  }
  return descriptors.some((fd) => {
    try {
      return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1]);
    } catch {
      return false; // closed while we looked
    }
  });
}

/** Environment every test process shares: fast bcrypt, quiet logs, a fixed master key. */
export function testEnv(databaseUrl, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    MASTER_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
    BCRYPT_COST: '4',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'warn',
    // Every suite signs in from 127.0.0.1; the rate-limit spec sets its own low limit.
    ADMIN_LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Specs create many resellers with one owner; reseller-identities sets the default back.
    RESELLER_CREATE_RATE_LIMIT_PER_MINUTE: '1000',
    // keyauth-seller's calls all come from 127.0.0.1; its own limit test runs an API of its own.
    KEYAUTH_SELLER_RATE_LIMIT_PER_MINUTE: '1000',
    ...extra,
  };
}

function waitForLine(child, pattern, timeoutMs, label) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk.toString();
      if (process.env.TEST_SHOW_SERVICE_OUTPUT) process.stderr.write(chunk);
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk.toString();
      if (process.env.TEST_SHOW_SERVICE_OUTPUT) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

async function waitForHealth(child, url, timeoutMs) {
  // Output is kept for the error message only while starting; the listeners stay
  // attached afterwards so a chatty process never blocks on a full pipe.
  let output = '';
  let starting = true;
  const keep = (chunk) => {
    if (starting) output += chunk.toString();
    if (process.env.TEST_SHOW_SERVICE_OUTPUT) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${url}/health`);
        if (res.status === 200 && listensOn(child.pid, Number(new URL(url).port))) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`API did not become healthy within ${timeoutMs} ms:\n${output}`);
  } finally {
    starting = false;
  }
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/**
 * Starts the HTTP process. Resolves once it listens.
 * `env` is the full environment (see testEnv); PORT is chosen here unless given.
 * `nodeArgs` go to node before the script (the bench's --cpu-prof), after the
 * API's V8 flags unless `v8Flags` is false. `entry` is bundle/main.js, or bundle/cluster.js
 * for API_PROCESSES.
 */
export async function startApi(env, { port, nodeArgs = [], entry = 'bundle/main.js', v8Flags = true } = {}) {
  // The flags every API process runs with (apps/api/src/node-flags.ts), from the build under test: read here,
  // not on import, so a caller that only needs a database still loads this module before a build.
  const flags = v8Flags ? (await import(path.join(apiDist, 'node-flags.js'))).API_V8_FLAGS : [];
  for (let attempt = 1; ; attempt++) {
    const chosenPort = port ?? (await freePort());
    const child = spawn(process.execPath, [...flags, ...nodeArgs, path.join(apiDist, entry)], {
      env: { ...env, PORT: String(chosenPort), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = `http://127.0.0.1:${chosenPort}`;
    // What cluster.js's primary says of its processes ("API process <pid> listening", "... exited"), from the start.
    const processLines = [];
    child.stderr.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('API process ')) processLines.push(line);
    });
    try {
      await waitForHealth(child, url, 60_000);
      return { url, port: chosenPort, child, stop: stopper(child), processLines };
    } catch (err) {
      // A process that never became healthy must not outlive the test that started it.
      child.kill('SIGKILL');
      // Another process bound a port we chose between freePort and the API's listen: choose again.
      if (port !== undefined || attempt === 3 || !/EADDRINUSE/.test(err.message)) throw err;
    }
  }
}

/** Starts the BullMQ worker process. Resolves once its processors run (it says so at level info). */
export async function startWorker(env) {
  const child = spawn(process.execPath, [path.join(apiDist, 'bundle/worker.js')], {
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(child, /"msg":"Latchkey worker ready/, 60_000, 'Worker');
  return { child, stop: stopper(child) };
}
