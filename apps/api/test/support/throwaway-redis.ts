// A redis-server of a spec's own on a free port, so a spec can stop and
// restart Redis without disturbing the shared server.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../../scripts/test-service.mjs';
import { kill } from './service-stack.js';

/** A throwaway redis-server on a free port, without persistence: a restart loses everything. */
export class ThrowawayRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  }

  /** Kills the server; without persistence, its data is gone. */
  async stop(): Promise<void> {
    await kill(this.child);
  }
}
