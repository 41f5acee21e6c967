import { ERROR_CODES } from '@latchkey/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';

const ADMIN_ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'message', 'code'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: "the contract's message" },
    code: {
      type: 'string',
      enum: ERROR_CODES,
      description: 'which error it is; stable, match on it rather than on the message (docs/errors.md)',
    },
    errors: { type: 'array', items: { type: 'string' }, description: 'every problem found (validation)' },
    fields: {
      type: 'array',
      description: 'VALIDATION: each refused field or query parameter, by its path (`name`, `a.b`, `items[0]`)',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** Adds the admin error body to the document, as the answer of every admin operation besides its successes. */
export function documentAdminErrors(document: OpenAPIObject): void {
  document.components = { ...document.components, schemas: { ...document.components?.schemas } };
  document.components.schemas!.AdminError = ADMIN_ERROR_SCHEMA;
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/AdminError' } } },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/v1/admin')) continue;
    for (const operation of Object.values(item)) {
      if (typeof operation === 'object' && operation && 'responses' in operation) operation.responses.default = error;
    }
  }
}
