// A stand-in for `fetch` in unit tests (jsdom has none): each call answers
// with the next queued answer, and the calls are kept for assertions.
import { jest } from '@jest/globals';

export interface FakeAnswer {
  status: number;
  /** sent as JSON unless a string */
  body?: unknown;
  headers?: Record<string, string>;
}

export function fakeFetch(...answers: FakeAnswer[]) {
  const queue = [...answers];
  const fetch = jest.fn(async (_path: string, _init?: RequestInit) => {
    const answer = queue.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    const text =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: new Headers(answer.headers),
      text: async () => text,
      body: streamOf([text]),
    } as unknown as Response;
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

/** A response body that hands out `chunks` (ASCII text) one read at a time, as a network stream does; jsdom has no streams. */
export function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const queue = chunks.map((chunk) => Uint8Array.from(chunk, (character) => character.charCodeAt(0)));
  const reader = {
    read: async () => (queue.length ? { done: false, value: queue.shift()! } : { done: true, value: undefined }),
  };
  return { getReader: () => reader } as unknown as ReadableStream<Uint8Array>;
}
