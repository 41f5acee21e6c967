import { describe, expect, it } from '@jest/globals';
import { streamOf } from '@/test/fake-fetch';
import { readDownload, type DownloadProgress } from './download';

describe('readDownload', () => {
  it('counts bytes and CRLF-ended lines as chunks arrive, a CRLF split across two chunks too', async () => {
    const seen: DownloadProgress[] = [];
    const blob = await readDownload(streamOf(['id,note\r', '\n1,"a\nb"\r\n2,', 'x\r\n']), 'text/csv', (progress) =>
      seen.push(progress),
    );
    expect(seen).toEqual([
      { bytes: 8, lines: 0 },
      { bytes: 20, lines: 2 },
      { bytes: 23, lines: 3 },
    ]);
    expect([blob.size, blob.type]).toEqual([23, 'text/csv']);
  });
});
