import { Badge } from '@/components/ui/status-badge';
import type { AppRole } from '@latchkey/contracts';

export const ROLE_LABELS: Record<AppRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  support: 'Support',
  viewer: 'Viewer',
};

/** What each role may do, as the invite and change-role forms explain it. */
export const ROLE_SUMMARIES: Record<AppRole, string> = {
  owner: 'Everything, including deleting the application.',
  admin: 'Everything but deleting the application; manages members up to admin.',
  manager: 'Licenses, users, sessions, blacklist, variables, files and resellers; not webhooks, keys or settings.',
  support: 'Reads everything a manager can, and acts on users and keys: reset HWID, extend, ban, end sessions.',
  viewer: 'Reads licenses, users, sessions, logs and the rest a manager can see; changes nothing.',
};

/** The caller's (or a member's) role in an app. */
export function RoleBadge({ role }: { role: AppRole }) {
  return <Badge tone={role === 'owner' ? 'info' : 'neutral'}>{ROLE_LABELS[role]}</Badge>;
}
