import { describe, expect, it } from '@jest/globals';
import { Config } from '../config/config.js';
import { apiProcessCount, apiStartUpSummary, loggableConnectionUrl, workerStartUpSummary } from './start-up-summary.js';

const config = (overrides: Partial<Config> = {}): Config =>
  Object.assign(new Config(), {
    DATABASE_URL: 'postgres://latchkey:s3cret@db.internal:5432/latchkey',
    REDIS_URL: 'redis://:r3dis@cache.internal:6379',
    ...overrides,
  });
const autovacuum = { code: 'AUTOVACUUM_OFF' as const, message: 'PostgreSQL runs with autovacuum off' };

describe('start-up summary', () => {
  it('names the database and Redis without their passwords', () => {
    expect(loggableConnectionUrl('postgres://latchkey:s3cret@db.internal:5432/latchkey')).toBe(
      'postgres://latchkey:***@db.internal:5432/latchkey',
    );
    expect(loggableConnectionUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(loggableConnectionUrl('not a url')).toBe('[unparseable URL]');
    const text = JSON.stringify([
      ...apiStartUpSummary(config(), { first: true, cores: 2, dashboard: true, healthWarnings: [], sodium: true }),
      ...workerStartUpSummary(config(), []),
    ]);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('r3dis');
  });

  it('the first API process says where it listens, its dependencies, how many processes, what is off and what to fix', () => {
    const lines = apiStartUpSummary(config({ API_PROCESSES: 'auto', SIGNUP_ENABLED: false, PORT: 8080 }), {
      first: true,
      cores: 4,
      dashboard: true,
      healthWarnings: [autovacuum],
      sodium: true,
    });
    expect(lines).toEqual([
      { level: 'info', msg: 'Latchkey API listening on http://0.0.0.0:8080 (dashboard at /, API docs at /docs)' },
      {
        level: 'info',
        msg: 'PostgreSQL postgres://latchkey:***@db.internal:5432/latchkey (up to 10 connections per process), Redis redis://:***@cache.internal:6379',
      },
      { level: 'info', msg: '4 API processes (API_PROCESSES=auto); webhooks and bulk jobs run in the worker' },
      { level: 'info', msg: 'Prometheus metrics are off (METRICS_PORT=0)' },
      { level: 'info', msg: 'Owner sign-up is off (SIGNUP_ENABLED=false)' },
      { level: 'warn', msg: autovacuum.message },
    ]);
  });

  it('says where Prometheus scrapes the API, summed over a cluster', () => {
    const lines = (API_PROCESSES: string) =>
      apiStartUpSummary(config({ API_PROCESSES, METRICS_PORT: 9464 }), {
        first: true,
        cores: 2,
        dashboard: false,
        healthWarnings: [],
        sodium: true,
      }).map((line) => line.msg);
    expect(lines('1')).toContain('Prometheus metrics at http://0.0.0.0:9464/metrics');
    expect(lines('2')).toContain('Prometheus metrics at http://0.0.0.0:9464/metrics (summed over the 2 processes)');
  });

  it('the other processes of a cluster only say where they listen', () => {
    const lines = apiStartUpSummary(config(), {
      first: false,
      cores: 2,
      dashboard: false,
      healthWarnings: [autovacuum],
      sodium: true,
    });
    expect(lines).toEqual([
      { level: 'info', msg: 'Latchkey API listening on http://0.0.0.0:3000 (API docs at /docs; no dashboard built)' },
    ]);
  });

  it('warns when answers are signed with OpenSSL because libsodium did not load', () => {
    const facts = { first: true, cores: 2, dashboard: false, healthWarnings: [] };
    const warningsOf = (sodium: boolean) =>
      apiStartUpSummary(config(), { ...facts, sodium }).filter((line) => line.level === 'warn');
    expect(warningsOf(true)).toEqual([]);
    expect(warningsOf(false)).toEqual([
      {
        level: 'warn',
        msg: "sodium-native did not load on this platform: answers are signed with OpenSSL's Ed25519, about half as fast",
      },
    ]);
  });

  it('the worker says what it runs and where its probes listen', () => {
    const [ready] = workerStartUpSummary(config({ WORKER_HEALTH_PORT: 3001 }), []);
    expect(ready.msg).toBe(
      'Latchkey worker ready: webhook deliveries (10 at a time), bulk jobs, audit retention; health and metrics on 0.0.0.0:3001',
    );
  });

  it('the worker names its SMTP server by host only, and warns when mails can carry no order page link', () => {
    const lines = workerStartUpSummary(
      config({ SMTP_URL: 'smtps://me:hunter2@smtp.example.com:465', MAIL_FROM: 'a@b.c' }),
      [],
    );
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'Order emails through smtp.example.com:465',
        expect.stringMatching(/^PUBLIC_URL is not set/),
      ]),
    );
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('counts API processes as cluster.js starts them', () => {
    expect(apiProcessCount({ API_PROCESSES: '3' }, 8)).toBe(3);
    expect(apiProcessCount({ API_PROCESSES: 'auto' }, 8)).toBe(8);
  });
});
