// Every audit type the API writes (contracts' AUDIT_TYPES) has words on the
// Logs page: a label of its own and a sentence that renders from the details
// the API records, with links to what it names; a type this build does not
// know, or details of an unexpected shape, still read as words, never a crash.
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { AUDIT_TYPES, type AuditEntry } from '@latchkey/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppRoleProvider } from '@/lib/app-role';
import { LOG_TYPE_GROUPS, LOG_TYPES, LogSentence, logLabel } from './log-sentences';

const APP_ID = 'app-1';
const USER_ID = '11111111-1111-4111-8111-111111111111';

afterEach(cleanup);
// The router scrolls to the top after it loads; jsdom has no scrolling.
window.scrollTo = () => undefined;

function entry(type: string, details: Record<string, unknown>, actor = 'owner@example.com'): AuditEntry {
  return { id: 'e1', type, actor, actorId: null, ip: null, details, createdAt: '2026-01-02T03:04:05.000Z' };
}

/** `ui` where links resolve: a memory router whose one page renders it, as the owner. */
async function renderInRouter(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <AppRoleProvider role="owner">{ui}</AppRoleProvider> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByTestId('sentence');
}

describe('log sentences', () => {
  it('gives every type the API writes a label of its own', () => {
    for (const type of AUDIT_TYPES) {
      expect(LOG_TYPES[type]?.label).toEqual(expect.any(String));
      expect(logLabel(type)).not.toContain('.');
    }
    const labels = AUDIT_TYPES.map((type) => LOG_TYPES[type].label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(Object.keys(LOG_TYPES).sort()).toEqual([...AUDIT_TYPES].sort());
  });

  it('renders every type as a sentence, with details or without', async () => {
    await renderInRouter(
      <div data-testid="sentence">
        {AUDIT_TYPES.flatMap((type) => [
          <p key={`${type}-empty`}>
            <LogSentence appId={APP_ID} entry={entry(type, {})} />
          </p>,
          <p key={`${type}-odd`}>
            <LogSentence
              appId={APP_ID}
              entry={entry(type, { changes: 'x', params: null, licenseIds: 'no', events: 3, changed: {} })}
            />
          </p>,
        ])}
      </div>,
    );
    const paragraphs = screen.getByTestId('sentence').querySelectorAll('p');
    expect(paragraphs).toHaveLength(AUDIT_TYPES.length * 2);
    for (const paragraph of paragraphs) expect(paragraph.textContent?.trim()).not.toBe('');
  });

  it('links a key to Licenses searched by it and its user to the user’s page', async () => {
    await renderInRouter(
      <p data-testid="sentence">
        <LogSentence
          appId={APP_ID}
          entry={entry('client.license', { outcome: 'success', userId: USER_ID }, 'KEY-AAAA-BBBB')}
        />
      </p>,
    );
    expect(screen.getByTestId('sentence').textContent).toBe('Signed in with key KEY-AAAA-BBBB as its user');
    expect(screen.getByRole('link', { name: 'KEY-AAAA-BBBB' }).getAttribute('href')).toBe(
      `/apps/${APP_ID}/licenses?search=KEY-AAAA-BBBB`,
    );
    expect(screen.getByRole('link', { name: 'its user' }).getAttribute('href')).toBe(
      `/apps/${APP_ID}/users/${USER_ID}`,
    );
  });

  it('says what a bulk job did, linked to its card', async () => {
    const jobId = '22222222-2222-4222-8222-222222222222';
    await renderInRouter(
      <p data-testid="sentence">
        <LogSentence
          appId={APP_ID}
          entry={entry('admin.job.licenses.add-time', {
            jobId,
            status: 'succeeded',
            filter: {},
            params: { days: 7 },
            done: 120,
            total: 120,
            skipped: 0,
            errorCount: 0,
          })}
        />
      </p>,
    );
    expect(screen.getByTestId('sentence').textContent).toBe(
      'Time added to unused keys finished: 120 of 120 keys (7 days each)',
    );
    expect(screen.getByRole('link', { name: 'Time added to unused keys' }).getAttribute('href')).toBe(
      `/apps/${APP_ID}/jobs?job=${jobId}`,
    );
  });

  it('reads a type it does not know as its name and its details in words', async () => {
    expect(logLabel('admin.gadget.re-tune')).toBe('Gadget re tune');
    await renderInRouter(
      <p data-testid="sentence">
        <LogSentence appId={APP_ID} entry={entry('admin.gadget.re-tune', { gadgetName: 'Dial', knobs: [1, 2] })} />
      </p>,
    );
    expect(screen.getByTestId('sentence').textContent).toBe('gadget name “Dial”, knobs 1, 2');
  });

  it('offers every type listed under an app in the Type filter', () => {
    const offered = new Set(LOG_TYPE_GROUPS.flatMap((group) => group.types));
    const outsideApps = ['admin.app.delete', 'admin.token.', 'admin.passkey.', 'admin.account.'];
    const missing = AUDIT_TYPES.filter(
      (type) => !offered.has(type) && !outsideApps.some((prefix) => type.startsWith(prefix)),
    );
    expect(missing).toEqual([]);
  });
});
