import { expect } from '@jest/globals';
import { http } from './http.js';

/** Every admin route the running API registers, as `METHOD /path/{param}`, from its OpenAPI document. */
export async function registeredAdminRoutes(): Promise<string[]> {
  const doc = await http('GET', '/docs/openapi.json');
  expect(doc.status).toBe(200);
  const paths = doc.body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([route]) => route.startsWith('/v1/admin'))
    .flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`));
}
