import { Logger } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { signMessage, SODIUM_MODULE, sodiumSecretKey } from './crypto.js';

/*
 * Ed25519 signatures of answers made on a thread of their own. One signature
 * costs 15-30 µs of CPU with libsodium (twice that with OpenSSL), a fifth to
 * a third of a signed `init` answer's: on the event loop it delays every other
 * request; here it runs on a core the API process would otherwise leave idle.
 * Not libuv's pool: bcrypt and fs work queue there, and a login burst would
 * hold every signed answer behind hashes of 50-100 ms.
 */

/**
 * The thread's code: keys arrive once each (with libsodium's form of the key
 * when sodium-native loads, see signMessage); then batches, flat `[id, keyId,
 * message, ...]`, answered flat `[id, hex or null, ...]`. One message per batch
 * halves the hand-off's cost under load, when an event-loop turn finishes
 * several answers.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { sign } = require('node:crypto');
let sodium = null;
try { if (workerData.sodiumModule) sodium = require(workerData.sodiumModule); } catch {}
const keys = new Map();
function signed(key, message) {
  if (!sodium || !key.secretKey) return sign(null, message, key.key).toString('hex');
  const signature = Buffer.allocUnsafe(64);
  sodium.crypto_sign_detached(signature, message, key.secretKey);
  return signature.toString('hex');
}
parentPort.on('message', (batch) => {
  if (!Array.isArray(batch)) { keys.set(batch.keyId, batch); return; }
  const signatures = [];
  for (let i = 0; i < batch.length; i += 3) {
    let signature = null;
    try { signature = signed(keys.get(batch[i + 1]), Buffer.from(batch[i + 2])); } catch {}
    signatures.push(batch[i], signature);
  }
  parentPort.postMessage(signatures);
});
`;

/** Past this many signatures waiting on the thread, new ones are made inline: the thread is the slower path then. */
const MAX_WAITING = 512;

interface Waiting {
  key: KeyObject;
  message: string;
  resolve: (signature: string) => void;
}

export class SigningThread {
  private readonly logger = new Logger('SigningThread');
  private worker: Worker | null = null;
  private failed = false;
  private readonly waiting = new Map<number, Waiting>();
  private readonly keyIds = new WeakMap<KeyObject, number>();
  /** tasks of this event-loop turn, flat `[id, keyId, message, ...]`, posted together at its end */
  private batch: Array<number | string> = [];
  private nextTask = 0;
  private nextKey = 0;

  /** `sodiumModule`: the file the thread loads libsodium from; null (or a file that fails to load) signs with OpenSSL. */
  constructor(private readonly sodiumModule: string | null = SODIUM_MODULE) {}

  /** The signature of `message` under `key`; from the thread when it is up and not swamped, else inline. */
  sign(key: KeyObject, message: string): Promise<string> | string {
    const worker = this.failed || this.waiting.size >= MAX_WAITING ? null : this.start();
    if (!worker) return signMessage(key, message);
    let keyId = this.keyIds.get(key);
    if (keyId === undefined) {
      keyId = this.nextKey++;
      this.keyIds.set(key, keyId);
      worker.postMessage({ keyId, key, secretKey: this.sodiumModule === null ? null : sodiumSecretKey(key) });
    }
    const id = this.nextTask++;
    if (this.batch.length === 0) setImmediate(() => this.post());
    this.batch.push(id, keyId, message);
    return new Promise<string>((resolve) => this.waiting.set(id, { key, message, resolve }));
  }

  private post(): void {
    const batch = this.batch;
    this.batch = [];
    // Gone since: drainInline has signed what the batch holds.
    this.worker?.postMessage(batch);
  }

  /** Stops the thread; what waits on it is signed inline. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.failed = true;
    this.worker = null;
    this.drainInline();
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { sodiumModule: this.sodiumModule } });
    worker.unref();
    worker.on('message', (signatures: Array<number | string | null>) => {
      for (let i = 0; i < signatures.length; i += 2) {
        const id = signatures[i] as number;
        const task = this.waiting.get(id);
        if (!task) continue;
        this.waiting.delete(id);
        task.resolve((signatures[i + 1] as string | null) ?? signMessage(task.key, task.message));
      }
    });
    worker.on('error', (err) => this.giveUp(`signing thread failed: ${err.message}`));
    worker.on('exit', (code) => this.giveUp(`signing thread exited (${code})`));
    this.worker = worker;
    return worker;
  }

  /** The thread is gone: every signature from now on, and those it held, are made inline. */
  private giveUp(why: string): void {
    if (this.failed) return;
    this.failed = true;
    this.worker = null;
    this.logger.warn(`${why}; answers are signed on the event loop from now on`);
    this.drainInline();
  }

  private drainInline(): void {
    this.batch = [];
    for (const [id, task] of this.waiting) {
      this.waiting.delete(id);
      task.resolve(signMessage(task.key, task.message));
    }
  }
}

/**
 * Whether answers are signed on a thread: when the machine has a core more
 * than the API processes (API_PROCESSES), which is where the thread runs.
 */
export function signingThreadHelps(apiProcesses: number, cores = availableParallelism()): boolean {
  return cores > apiProcesses;
}
