// Issue 29: logs for people and for machines. At a terminal the API writes
// readable lines, piped it writes JSON lines, and either way its start says
// in a few lines what listens where, which database and Redis, how many
// processes and what to fix, without Nest's forty lines of module start-up.
// The terminal is a real pseudo-terminal (util-linux's `script`), so the
// test sees what `npm start` shows a person.
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, testEnv } from '../../../scripts/test-service.mjs';

const main = path.resolve(import.meta.dirname, '../dist/bundle/main.js');
const LAST_SUMMARY_LINE = 'webhooks and bulk jobs run in the worker';

/** Runs the API until its start-up summary is out; its output up to there, as lines. */
async function startUpLines(terminal: boolean): Promise<string[]> {
  const env = {
    ...testEnv(process.env.LATCHKEY_TEST_DATABASE_URL!),
    LOG_LEVEL: 'info',
    PORT: String(await freePort()),
  };
  delete (env as Record<string, string | undefined>).LOG_FORMAT;
  const command = terminal
    ? spawn('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(main)}`, '/dev/null'], {
        env,
        detached: true,
      })
    : spawn(process.execPath, [main], { env, detached: true });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up summary in:\n${output}`)), 60_000);
      command.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes(LAST_SUMMARY_LINE) && output.slice(output.indexOf(LAST_SUMMARY_LINE)).includes('\n')) {
          clearTimeout(timer);
          resolve();
        }
      });
      command.once('exit', (code) => reject(new Error(`exited ${code} before its summary:\n${output}`)));
    });
  } finally {
    process.kill(-command.pid!, 'SIGKILL');
  }
  const lines = output.split(/\r?\n/).filter((line) => line.trim() !== '');
  return lines.slice(0, lines.findIndex((line) => line.includes(LAST_SUMMARY_LINE)) + 1);
}

describe('logs', () => {
  it('piped: JSON lines, and the start in a handful of them', async () => {
    const lines = await startUpLines(false);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(entries.length).toBeLessThanOrEqual(6);
    const messages = entries.map((e) => e.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Latchkey API listening on http:\/\/0\.0\.0\.0:\d+ \(/),
        expect.stringMatching(/^PostgreSQL postgres:\/\/.*, Redis redis:\/\//),
        expect.stringMatching(/^1 API process \(API_PROCESSES=1\)/),
      ]),
    );
    expect(messages.join('\n')).not.toMatch(/InstanceLoader|Mapped \{|dependencies initialized/);
  }, 90_000);

  it('at a terminal: readable lines with time and level, no JSON', async () => {
    const lines = await startUpLines(true);
    expect(lines.length).toBeLessThanOrEqual(6);
    for (const line of lines) {
      expect(line.startsWith('{')).toBe(false);
      // [12:34:56.789] INFO: ..., colours included
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] .*(INFO|WARN).*: /);
    }
    expect(lines.join('\n')).toContain('Latchkey API listening on http://0.0.0.0:');
  }, 90_000);
});
