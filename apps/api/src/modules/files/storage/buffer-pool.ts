/**
 * Buffers of one size that stores decode records into, kept when a download
 * ends for the next one. A download's buffers live as long as it does, long
 * enough for V8 to move them to the old generation, where only a full
 * collection frees them: allocated per download, they brought on a full
 * collection of the API's heap every download or two (docs/decisions/files.md,
 * "Downloads at speed"). At most `keep` idle buffers are held; more
 * downloads at once allocate more, which are dropped when given back.
 */
export class BufferPool {
  private readonly idle: Buffer[] = [];

  constructor(
    private readonly size: number,
    private readonly keep: number,
  ) {}

  take(): Buffer {
    return this.idle.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  /** Returns a buffer nothing reads or writes any more. */
  give(buffer: Buffer): void {
    if (this.idle.length < this.keep && !this.idle.includes(buffer)) this.idle.push(buffer);
  }

  /** Idle buffers held (for tests). */
  get idleCount(): number {
    return this.idle.length;
  }
}
