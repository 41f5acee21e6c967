import { StoreLimits, type ErrorCode } from '@latchkey/contracts';

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
  return reason.length <= StoreLimits.reasonMax ? reason : `${reason.slice(0, StoreLimits.reasonMax - 1)}…`;
}
