import type { ChildProcess } from 'node:child_process';

export interface RunningProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}
export interface RunningApi extends RunningProcess {
  url: string;
  port: number;
  /** What cluster.js's primary wrote about its processes ("API process <pid> listening"), as it comes. */
  processLines: string[];
}
export function freshDatabase(name: string): Promise<string>;
export function dropDatabase(name: string): Promise<void>;
export function freePort(): Promise<number>;
export function residentMiB(pid: number): number;
export function testEnv(databaseUrl: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
export function startApi(
  env: NodeJS.ProcessEnv,
  options?: { port?: number; nodeArgs?: string[]; entry?: 'bundle/main.js' | 'bundle/cluster.js'; v8Flags?: boolean },
): Promise<RunningApi>;
export function startWorker(env: NodeJS.ProcessEnv): Promise<RunningProcess>;
