import { afterEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from './api-client';
import { toast, useToasts } from './toast';

function shown() {
  return renderHook(() => useToasts()).result.current;
}

afterEach(() => {
  for (const item of shown()) act(() => toast.dismiss(item.id));
});

describe('toast', () => {
  it("shows successes and the API's own message for a failure", () => {
    act(() => toast.success('Saved'));
    act(() => toast.error(new ApiError(404, 'Not found', { code: 'NOT_FOUND' })));
    act(() => toast.error('odd'));
    expect(shown().map(({ kind, message }) => [kind, message])).toEqual([
      ['success', 'Saved'],
      ['error', 'Not found'],
      ['error', 'Something went wrong.'],
    ]);
  });

  it('shows a message once while it is on screen, and at most five at a time', () => {
    act(() => toast.success('Twice'));
    act(() => toast.success('Twice'));
    expect(shown()).toHaveLength(1);
    for (let n = 0; n < 6; n++) act(() => toast.success(`Toast ${n}`));
    expect(shown().map((item) => item.message)).toEqual(['Toast 1', 'Toast 2', 'Toast 3', 'Toast 4', 'Toast 5']);
  });

  it('re-renders its readers when one is dismissed', () => {
    act(() => toast.success('Bye'));
    const reader = renderHook(() => useToasts()).result;
    act(() => toast.dismiss(reader.current[0]!.id));
    expect(reader.current).toEqual([]);
  });

  it('clears every toast when the page changes', () => {
    act(() => toast.success('Saved'));
    act(() => toast.error('odd'));
    act(() => toast.clear());
    expect(shown()).toEqual([]);
  });
});
