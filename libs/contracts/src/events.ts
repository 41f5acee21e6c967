// Outgoing webhook events (interface "Events" and contract "Webhooks").

export const EVENT_NAMES = [
  'user.login',
  'user.register',
  'user.ban',
  'license.activate',
  'license.expire',
  'license.delete',
  'file.download',
  'session.create',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];
/** `test` is sent by the test route only; it cannot be subscribed to. */
export type DeliveredEventName = EventName | 'test';

export interface EventData {
  'user.login': { userId: string; username: string; ip: string; hwid: string | null; appId: string };
  'user.register': { userId: string; username: string; licenseKey: string; ip: string; appId: string };
  'user.ban': { userId: string; username: string; reason: string | null; bannedBy: string; appId: string };
  'license.activate': {
    licenseId: string;
    key: string;
    durationType: string;
    level: number;
    activatedBy: string;
    appId: string;
  };
  'license.expire': { licenseId: string; key: string; userId: string | null; expiredAt: string; appId: string };
  'license.delete': { licenseId: string; key: string; deletedBy: string; appId: string };
  'file.download': { fileId: string; name: string; userId: string; username: string; ip: string; appId: string };
  'session.create': {
    sessionId: string;
    userId: string;
    username: string;
    ip: string;
    hwid: string | null;
    expiresAt: string;
    appId: string;
  };
  test: { message: string; appId: string; webhookId: string };
}

export interface WebhookEnvelope<E extends DeliveredEventName = DeliveredEventName> {
  event: E;
  /** ISO 8601 UTC with milliseconds */
  timestamp: string;
  data: EventData[E];
}

export const WEBHOOK_USER_AGENT = 'Service-Webhook/1.0';
