import { describe, expect, it, jest } from '@jest/globals';
import type { Logger } from '@nestjs/common';
import { PeriodicTask } from './periodic-task.js';

function logger() {
  return { error: jest.fn() } as unknown as Logger & { error: jest.Mock };
}

describe('PeriodicTask', () => {
  it('runs at start, never overlaps a slow run, and stop waits for the run in progress', async () => {
    jest.useFakeTimers();
    try {
      let release!: () => void;
      let runs = 0;
      let finished = false;
      const task = new PeriodicTask(
        'test',
        1000,
        () =>
          new Promise<void>((resolve) => {
            runs += 1;
            release = () => {
              finished = true;
              resolve();
            };
          }),
        logger(),
      );
      task.start();
      expect(runs).toBe(1);
      jest.advanceTimersByTime(5000);
      expect(runs).toBe(1);
      const stopped = task.stop();
      release();
      await stopped;
      expect(finished).toBe(true);
      jest.advanceTimersByTime(5000);
      expect(runs).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('logs a failed run and runs again at the next tick', async () => {
    jest.useFakeTimers();
    try {
      const log = logger();
      const task = jest.fn(async () => {
        throw new Error('database gone');
      });
      const periodic = new PeriodicTask('the sweep', 1000, task, log);
      periodic.start();
      await Promise.resolve();
      await Promise.resolve();
      expect(log.error).toHaveBeenCalledWith('the sweep failed: database gone');
      jest.advanceTimersByTime(1000);
      expect(task).toHaveBeenCalledTimes(2);
      await periodic.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
