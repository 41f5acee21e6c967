import type { ErrorCode } from '@latchkey/contracts';

/** Reasons are kept for the console at this length. */
export const REASON_MAX = 500;

/** An event fulfilment refuses: recorded with `reason`, answered with `code`'s status and message. */
export class StoreRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export function shortReason(reason: string): string {
  return reason.length <= REASON_MAX ? reason : `${reason.slice(0, REASON_MAX - 1)}…`;
}
