/** The share of a cache's budget one content may take: a single large file never flushes every other. */
const ENTRY_SHARE_OF_BUDGET = 4;

/**
 * Which reads may fill a cache of `budgetBytes` (the memory cache of recent
 * contents, the disk cache of records): one read per content at a time, none
 * for a content over a quarter of the budget, and only while the fills under
 * way stay within the budget, so entries and fills together stay under twice
 * it. A content removed while a fill of it is under way marks that fill, so
 * it is not kept.
 */
export class CacheFills {
  readonly maxEntryBytes: number;
  private readonly underWay = new Map<string, CacheFill>();
  private bytesUnderWay = 0;

  constructor(private readonly budgetBytes: number) {
    this.maxEntryBytes = Math.floor(budgetBytes / ENTRY_SHARE_OF_BUDGET);
  }

  /** A fill of `contentId` taking `bytes`, or null when it may not start. */
  start(contentId: string, bytes: number): CacheFill | null {
    if (bytes > this.maxEntryBytes || this.underWay.has(contentId)) return null;
    if (this.bytesUnderWay + bytes > this.budgetBytes) return null;
    const fill: CacheFill = {
      removed: false,
      ended: false,
      end: () => {
        if (fill.ended) return;
        fill.ended = true;
        this.underWay.delete(contentId);
        this.bytesUnderWay -= bytes;
      },
    };
    this.underWay.set(contentId, fill);
    this.bytesUnderWay += bytes;
    return fill;
  }

  /** Marks a fill of `contentId` under way, if any, as removed. */
  remove(contentId: string): void {
    const fill = this.underWay.get(contentId);
    if (fill) fill.removed = true;
  }
}

export interface CacheFill {
  /** The content was removed since the fill started: it must not be kept. */
  removed: boolean;
  ended: boolean;
  /** Ends the fill, kept or not; harmless when ended already. */
  end(): void;
}
