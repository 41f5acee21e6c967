// The services a webhook spec runs on when it needs a stack of its own: a
// receiver, a webhook stack and, for specs that restart Redis, a Redis of their own.
import { afterAll, beforeAll } from '@jest/globals';
import { ThrowawayRedis } from './throwaway-redis.js';
import { WebhookReceiver, WebhookStack } from './webhook-receiver.js';

export interface WebhookServices {
  receiver: WebhookReceiver;
  stack: WebhookStack;
}

/**
 * Starts a receiver and a webhook stack named `name` with `env` before the
 * spec's tests (on a Redis of its own with `ownRedis`: restarting the shared
 * one would disturb every other suite) and stops them after. The hooks fill
 * the returned object in.
 */
export function webhookServices(name: string, env?: Record<string, string>): WebhookServices;
export function webhookServices(
  name: string,
  env: Record<string, string>,
  options: { ownRedis: true },
): WebhookServices & { redis: ThrowawayRedis };
export function webhookServices(
  name: string,
  env: Record<string, string> = {},
  { ownRedis = false } = {},
): Partial<WebhookServices & { redis: ThrowawayRedis }> {
  const services: Partial<WebhookServices & { redis: ThrowawayRedis }> = {};
  beforeAll(async () => {
    if (ownRedis) services.redis = await ThrowawayRedis.start();
    services.receiver = await WebhookReceiver.start();
    const redisUrl: Record<string, string> = services.redis ? { REDIS_URL: services.redis.url } : {};
    services.stack = await WebhookStack.start(name, { ...redisUrl, ...env });
  }, 120_000);
  afterAll(async () => {
    await services.stack?.stop();
    await services.receiver?.close();
    await services.redis?.stop();
  }, 60_000);
  return services;
}
