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
      blob: async () => new Blob([text]),
    } as unknown as Response;
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}
