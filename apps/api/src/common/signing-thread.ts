import { Logger } from '@nestjs/common';
import { sign, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/*
 * Ed25519 signatures of answers made on a thread of their own. One signature
 * costs about 40 µs of CPU, a third of an `init` answer's: on the event loop it
 * delays every other request; here it runs on a core the API process would
 * otherwise leave idle. Not libuv's pool: bcrypt and fs work queue there, and a
 * login burst would hold every signed answer behind hashes of 50-100 ms.
 */

/** The thread's code: keys arrive once each, then `[id, keyId, message]` is answered `[id, hex]`. */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { sign } = require('node:crypto');
const keys = new Map();
parentPort.on('message', (task) => {
  if (!Array.isArray(task)) { keys.set(task.keyId, task.key); return; }
  const [id, keyId, message] = task;
  try {
    parentPort.postMessage([id, sign(null, Buffer.from(message), keys.get(keyId)).toString('hex')]);
  } catch (err) {
    parentPort.postMessage([id, null]);
  }
});
`;

/** Past this many signatures waiting on the thread, new ones are made inline: the thread is the slower path then. */
const MAX_WAITING = 512;

interface Waiting {
  key: KeyObject;
  message: string;
  resolve: (signature: string) => void;
}

/** Ed25519 signature (hex) of `message`, made on the event loop. */
export function signInline(key: KeyObject, message: string): string {
  return sign(null, Buffer.from(message), key).toString('hex');
}

export class SigningThread {
  private readonly logger = new Logger('SigningThread');
  private worker: Worker | null = null;
  private failed = false;
  private readonly waiting = new Map<number, Waiting>();
  private readonly keyIds = new WeakMap<KeyObject, number>();
  private nextTask = 0;
  private nextKey = 0;

  /** The signature of `message` under `key`; from the thread when it is up and not swamped, else inline. */
  sign(key: KeyObject, message: string): Promise<string> | string {
    const worker = this.failed || this.waiting.size >= MAX_WAITING ? null : this.start();
    if (!worker) return signInline(key, message);
    let keyId = this.keyIds.get(key);
    if (keyId === undefined) {
      keyId = this.nextKey++;
      this.keyIds.set(key, keyId);
      worker.postMessage({ keyId, key });
    }
    const id = this.nextTask++;
    return new Promise<string>((resolve) => {
      this.waiting.set(id, { key, message, resolve });
      worker.postMessage([id, keyId, message]);
    });
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
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', ([id, signature]: [number, string | null]) => {
      const task = this.waiting.get(id);
      if (!task) return;
      this.waiting.delete(id);
      task.resolve(signature ?? signInline(task.key, task.message));
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
    for (const [id, task] of this.waiting) {
      this.waiting.delete(id);
      task.resolve(signInline(task.key, task.message));
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
