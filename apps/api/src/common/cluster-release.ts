import cluster, { type Worker } from 'node:cluster';

/** An API process of cluster.js tells the primary its server has closed... */
const SERVER_CLOSED = 'latchkey:server-closed';
/** ...and the primary answers once it will hand that process no more connections. */
const RELEASED = 'latchkey:released';

/**
 * Whether a closing API process of cluster.js may exit. node:cluster's
 * primary accepts each connection and hands it to a process, which answers
 * whether it took it; one handed over just before the process closed its
 * server is refused and handed to another, but only if the process is still
 * there to refuse it. A process that exited first left the connection held by
 * the primary, open and never answered (a client waited for ever: seen as
 * hung requests while processes were replaced under load).
 * The channel to the primary is ordered both ways: the primary reads the
 * server's close (node:cluster's own message, sent by `server.close()`)
 * before SERVER_CLOSED, so every connection it handed over before that is on
 * its way here ahead of RELEASED, and is refused and handed on before this
 * process exits. Resolves at once outside a cluster or without a channel.
 */
export function releasedByPrimary(): Promise<void> {
  if (!cluster.isWorker || !process.send || !process.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== RELEASED) return;
      process.off('message', onMessage);
      process.off('disconnect', done);
      resolve();
    };
    const done = () => {
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    // A primary that is gone hands over nothing either.
    process.once('disconnect', done);
    process.send!(SERVER_CLOSED, undefined, {}, (err: Error | null) => {
      if (err) done();
    });
  });
}

/** In cluster.js's primary: releases each API process that reports its server closed (releasedByPrimary). */
export function releaseClosedProcesses(): void {
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (message === SERVER_CLOSED && worker.isConnected()) worker.send(RELEASED);
  });
}
