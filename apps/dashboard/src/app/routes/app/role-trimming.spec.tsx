// What each app role sees of the owner pages: the navigation, the pages it
// may open, and the buttons and row actions of the pages, all decided by
// the role the app layout provides (AppRoleProvider) against the contract's
// CAPABILITIES.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  APP_ROLES,
  type AdminList,
  type AdminUser,
  type AppMember,
  type AppRole,
  type License,
} from '@latchkey/contracts';
import type { ReactNode } from 'react';
import { getLicensesQueryOptions } from '@/features/licenses/api/get-licenses';
import { LicensesTable } from '@/features/licenses/components/licenses-table';
import { InviteMemberDialog } from '@/features/members/components/member-dialogs';
import { mayManageMember } from '@/features/members/components/members-section';
import { UserActions } from '@/features/users/components/user-actions';
import { clearToken, setToken } from '@/lib/auth-token';
import { accessFor, AppRoleProvider, assignableRoles, useAppRole } from '@/lib/app-role';
import { ListPage } from './list-page';
import { allowed, mayOpen, sections } from './sections';

const APP_ID = 'app-1';

beforeEach(() => setToken('lk_test'));
afterEach(() => clearToken());

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** `ui` inside an app whose caller has `role`, as the app layout renders its pages. */
function renderAs(role: AppRole | undefined, ui: ReactNode, client = newClient()) {
  return render(
    <QueryClientProvider client={client}>
      <AppRoleProvider role={role}>{ui}</AppRoleProvider>
    </QueryClientProvider>,
  );
}

/** The labels of a row's "⋯" menu, opened as a keyboard user does; [] when the row has no menu. */
function menuItems(rowLabel: string): string[] {
  const trigger = screen.queryByRole('button', { name: `Actions for ${rowLabel}` });
  if (!trigger) return [];
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.getAllByRole('menuitem').map((item) => item.textContent ?? '');
}

const byRole = (pick: (role: AppRole) => unknown) => Object.fromEntries(APP_ROLES.map((role) => [role, pick(role)]));

describe('accessFor', () => {
  it('allows nothing while the role is unknown (the app still loading)', () => {
    expect(accessFor(undefined).can('licenses.read')).toBe(false);
  });

  it('ranks the roles as the API does: support acts on users, manager writes, admin configures, owner deletes', () => {
    const capabilities = ['users.read', 'users.act', 'licenses.write', 'webhooks', 'members', 'app.delete'] as const;
    expect(byRole((role) => capabilities.filter((capability) => accessFor(role).can(capability)))).toEqual({
      owner: ['users.read', 'users.act', 'licenses.write', 'webhooks', 'members', 'app.delete'],
      admin: ['users.read', 'users.act', 'licenses.write', 'webhooks', 'members'],
      manager: ['users.read', 'users.act', 'licenses.write'],
      support: ['users.read', 'users.act'],
      viewer: ['users.read'],
    });
  });

  it('hands out roles up to the caller own, never owner', () => {
    expect(byRole(assignableRoles)).toEqual({
      owner: ['admin', 'manager', 'support', 'viewer'],
      admin: ['admin', 'manager', 'support', 'viewer'],
      manager: ['manager', 'support', 'viewer'],
      support: ['support', 'viewer'],
      viewer: ['viewer'],
    });
  });

  it('reads the role the app layout provides, and none outside an app', () => {
    function Probe() {
      const { role, can } = useAppRole();
      return <p>{`${role} ${can('licenses.act')} ${can('licenses.write')}`}</p>;
    }
    renderAs('support', <Probe />);
    expect(screen.getByText('support true false')).toBeTruthy();
    render(<Probe />);
    expect(screen.getByText('undefined false false')).toBeTruthy();
  });
});

describe('the app navigation', () => {
  it('lists to each role only the pages it may use', () => {
    const visible = byRole((role) =>
      sections.filter((section) => allowed(accessFor(role), section)).map((section) => section.label),
    );
    const reading = [
      'Overview',
      'Licenses',
      'Resellers',
      'Users',
      'Sessions',
      'Variables',
      'Blacklist',
      'Files',
      'Logs',
    ];
    expect(visible['viewer']).toEqual(reading);
    expect(visible['support']).toEqual(reading);
    expect(visible['manager']).toEqual([...reading.slice(0, 4), 'Bulk actions', ...reading.slice(4)]);
    const everything = sections.map((section) => section.label);
    expect(visible['admin']).toEqual(everything);
    expect(visible['owner']).toEqual(everything);
  });

  it('refuses to open a page (and the pages under it) that the role may not use', () => {
    const manager = accessFor('manager');
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/webhooks`)).toBe(false);
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/webhooks/wh-1`)).toBe(false);
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/settings`)).toBe(false);
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/members`)).toBe(false);
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/users/u-1`)).toBe(true);
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}`)).toBe(true);
    expect(mayOpen(accessFor('viewer'), APP_ID, `/apps/${APP_ID}/jobs`)).toBe(false);
    expect(mayOpen(accessFor('admin'), APP_ID, `/apps/${APP_ID}/settings`)).toBe(true);
    // The Store section and every page under it (an order a key links to) are for admins and the owner.
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/store`)).toBe(false);
    expect(mayOpen(manager, APP_ID, `/apps/${APP_ID}/store/orders/o-1`)).toBe(false);
    expect(mayOpen(accessFor('viewer'), APP_ID, `/apps/${APP_ID}/store/events`)).toBe(false);
    expect(mayOpen(accessFor('admin'), APP_ID, `/apps/${APP_ID}/store/connections/c-1`)).toBe(true);
  });
});

describe('the actions on a user', () => {
  const user = { userId: 'u-1', username: 'alice', banned: false, hwid: 'HW-1' } as AdminUser;

  it.each([
    ['viewer', []],
    ['support', ['Ban', 'Extend', 'Set expiry', 'Reset HWID', 'End all sessions']],
    ['manager', ['Ban', 'Extend', 'Set expiry', 'Reset HWID', 'End all sessions', 'Delete']],
    ['owner', ['Ban', 'Extend', 'Set expiry', 'Reset HWID', 'End all sessions', 'Delete']],
  ] as const)('%s sees %j', (role, expected) => {
    renderAs(role, <UserActions appId={APP_ID} user={user} />);
    expect(menuItems('alice')).toEqual(expected);
  });
});

describe('the licenses table', () => {
  const license = { id: 'l-1', key: 'KEY-1', status: 'USED', createdAt: '2026-01-01T00:00:00.000Z' } as License;

  function renderTable(role: AppRole) {
    const client = newClient();
    client.setQueryData(getLicensesQueryOptions(APP_ID, { page: 1 }).queryKey, {
      success: true,
      data: [license],
      meta: { page: 1, limit: 25, total: 1 },
    } as AdminList<License>);
    renderAs(
      role,
      <LicensesTable
        appId={APP_ID}
        status={undefined}
        search={undefined}
        paging={{ page: 1, onPageChange: () => undefined }}
        currentAccountId={undefined}
      />,
      client,
    );
  }

  it.each([
    ['viewer', []],
    ['support', ['Ban']],
    ['manager', ['Edit', 'Ban', 'Delete']],
  ] as const)('%s sees %j on a key', (role, expected) => {
    renderTable(role);
    expect(menuItems('KEY-1')).toEqual(expected);
  });
});

describe('a list page', () => {
  it('offers its create button only when the role may create', () => {
    const page = (canCreate: boolean) => (
      <ListPage
        title="Users"
        description="-"
        createLabel="New user"
        canCreate={canCreate}
        createDialog={(open) => (open ? <p>dialog</p> : null)}
      >
        <p>list</p>
      </ListPage>
    );
    const { rerender } = render(page(false));
    expect(screen.queryByRole('button', { name: 'New user' })).toBeNull();
    rerender(page(true));
    expect(screen.getByRole('button', { name: 'New user' })).toBeTruthy();
  });
});

describe('members', () => {
  const member = (role: AppRole, owner = false): AppMember => ({
    accountId: `acc-${role}`,
    email: `${role}@example.test`,
    role,
    createdAt: '2026-01-01T00:00:00.000Z',
    owner,
  });

  it('an admin manages members up to admin, never the owner or itself', () => {
    expect(mayManageMember('admin', member('admin'), 'me')).toBe(true);
    expect(mayManageMember('admin', member('viewer'), 'me')).toBe(true);
    expect(mayManageMember('admin', member('owner', true), 'me')).toBe(false);
    expect(mayManageMember('admin', member('admin'), 'acc-admin')).toBe(false);
    expect(mayManageMember('owner', member('admin'), 'me')).toBe(true);
  });

  it('the invite form offers no role above the caller own', () => {
    renderAs(
      'admin',
      <InviteMemberDialog
        appId={APP_ID}
        callerRole="admin"
        open
        onOpenChange={() => undefined}
        onCreated={() => undefined}
      />,
    );
    const select = within(screen.getByRole('dialog')).getByLabelText('Role');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'Manager', 'Support', 'Viewer']);
  });
});
