// Downloads read as they arrive, so the page can say how far along they are.

export interface DownloadProgress {
  bytes: number;
  /** CRLF-ended lines so far: a CSV's rows (a cell's own line breaks are LF alone). */
  lines: number;
}

/**
 * Reads `body` to its end, calling `onProgress` after each chunk, and returns
 * what arrived as one Blob of `type`. Aborting the request that `body`
 * belongs to rejects with the abort's error.
 */
export async function readDownload(
  body: ReadableStream<Uint8Array>,
  type: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const progress: DownloadProgress = { bytes: 0, lines: 0 };
  // A CRLF may be split between two chunks.
  let previousByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.length;
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) {
      if ((at === 0 ? previousByte : value[at - 1]) === 13) progress.lines += 1;
    }
    previousByte = value[value.length - 1] ?? previousByte;
    onProgress({ ...progress });
  }
  return new Blob(chunks as BlobPart[], { type });
}
