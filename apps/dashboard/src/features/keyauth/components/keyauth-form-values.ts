// The KeyAuth compatibility form's values, how they come from and go to the
// API, and its rules in the API's words. The field names are the API's, so
// that a refusal naming a field lands under it (applyApiError).
import { httpUrl, intInRange, textLength } from '@/lib/validation';
import {
  KEYAUTH_VERSIONS,
  KeyAuthLimits,
  KeyAuthMessage,
  type KeyAuthSettings,
  type KeyAuthVersion,
  type UpdateKeyAuthSettingsRequest,
} from '@latchkey/contracts';

/** One row of the subscription names: a level (NaN while empty) and its name. */
export interface SubscriptionNameRow {
  level: number;
  name: string;
}

export interface KeyAuthFormValues {
  enabled: boolean;
  ownerId: string;
  name: string;
  versions: KeyAuthVersion[];
  subscriptionNames: SubscriptionNameRow[];
  fetchOnline: boolean;
  selfBan: boolean;
  /** init refuses a client whose `ver` is not the app's version (the app's one version field, in Settings) */
  checkVersion: boolean;
  /** '' = no download URL (sent as null) */
  downloadUrl: string;
}

export function toFormValues(settings: KeyAuthSettings): KeyAuthFormValues {
  return {
    enabled: settings.enabled,
    ownerId: settings.ownerId,
    name: settings.name,
    versions: KEYAUTH_VERSIONS.filter((version) => settings.versions.includes(version)),
    subscriptionNames: Object.entries(settings.subscriptionNames)
      .map(([level, name]) => ({ level: Number(level), name }))
      .sort((a, b) => a.level - b.level),
    fetchOnline: settings.fetchOnline,
    selfBan: settings.selfBan,
    checkVersion: settings.checkVersion,
    downloadUrl: settings.downloadUrl ?? '',
  };
}

/** The whole PUT body: texts trimmed, empty optional texts as null, the rows as a level -> name map. */
export function toRequest(values: KeyAuthFormValues): UpdateKeyAuthSettingsRequest {
  return {
    enabled: values.enabled,
    ownerId: values.ownerId.trim(),
    name: values.name.trim(),
    versions: KEYAUTH_VERSIONS.filter((version) => values.versions.includes(version)),
    subscriptionNames: Object.fromEntries(
      values.subscriptionNames.map(({ level, name }) => [String(level), name.trim()]),
    ),
    fetchOnline: values.fetchOnline,
    selfBan: values.selfBan,
    checkVersion: values.checkVersion,
    downloadUrl: values.downloadUrl.trim() || null,
  };
}

/** The rule checked on trimmed text, as the form sends it. */
function trimmed(rule: (value: string) => true | string) {
  return (value: string) => rule(value.trim());
}

export const keyAuthRules = {
  ownerId: (value: string): true | string => KeyAuthLimits.ownerIdPattern.test(value.trim()) || KeyAuthMessage.ownerId,
  name: trimmed(textLength('name', KeyAuthLimits.nameMin, KeyAuthLimits.nameMax)),
  versions: (value: readonly string[]): true | string => value.length > 0 || KeyAuthMessage.versions,
  subscriptionName: trimmed(
    textLength('subscription name', KeyAuthLimits.subscriptionNameMin, KeyAuthLimits.subscriptionNameMax),
  ),
  downloadUrl: (value: string): true | string =>
    value.trim() === '' || httpUrl('downloadUrl', KeyAuthLimits.downloadUrlMax)(value),
} as const;

const levelInRange = intInRange('level', KeyAuthLimits.levelMin, KeyAuthLimits.levelMax);

/** A row's level: in the range, and on no other row (a level has one name). */
export function subscriptionLevelRule(rows: readonly SubscriptionNameRow[], index: number) {
  return (level: number | null | undefined): true | string => {
    const inRange = levelInRange(level);
    if (inRange !== true) return inRange;
    const firstIndex = rows.findIndex((row) => row.level === level);
    return firstIndex === index || `Level ${level} already has a name above`;
  };
}

/** The level a new row starts with: one above the highest named so far, within the range. */
export function nextSubscriptionLevel(rows: readonly SubscriptionNameRow[]): number {
  const levels = rows.map((row) => row.level).filter((level) => Number.isInteger(level));
  const next = levels.length === 0 ? KeyAuthLimits.levelMin : Math.max(...levels) + 1;
  return Math.min(next, KeyAuthLimits.levelMax);
}
