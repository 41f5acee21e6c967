// A cluster of one process for cluster-release.e2e-spec: the process reports
// its server closed and waits; the primary checks it is still waiting, then
// releases it and reports how it exited. Uses the built API (dist).
import cluster from 'node:cluster';

const { releaseClosedProcesses, releasedByPrimary } = await import(process.argv[2]);

if (cluster.isPrimary) {
  const worker = cluster.fork();
  worker.once('message', (message) => {
    process.stdout.write(`primary got ${message}\n`);
    // Ordered channel: the process answers this only while it still waits.
    worker.send('still waiting?');
    worker.once('message', (answer) => {
      process.stdout.write(`process answered ${answer}\n`);
      releaseClosedProcesses();
      cluster.emit('message', worker, message);
    });
  });
  worker.once('exit', (code) => process.stdout.write(`process exited ${code}\n`));
} else {
  let released = false;
  process.on('message', (message) => {
    if (message === 'still waiting?') process.send(released ? 'released' : 'waiting');
  });
  await releasedByPrimary();
  released = true;
  process.exit(0);
}
