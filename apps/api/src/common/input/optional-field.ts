/**
 * `Optional` and `OptionalOrNull` (never class-validator's `IsOptional`, which
 * lets `null` through to NOT NULL columns) are declared in libs/contracts
 * beside the request shapes that use them; the API's DTOs import them here.
 */
export { Optional, OptionalOrNull } from '@latchkey/contracts';
