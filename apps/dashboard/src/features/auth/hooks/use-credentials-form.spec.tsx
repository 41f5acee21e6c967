import { describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { useCredentialsForm } from './use-credentials-form';

describe('useCredentialsForm', () => {
  it('sends the trimmed email and the password as typed', async () => {
    const send = jest.fn(async (_credentials: { email: string; password: string }) => undefined);
    const { result } = renderHook(() => useCredentialsForm(send));
    act(() => {
      result.current.form.setValue('email', '  owner@example.test ');
      result.current.form.setValue('password', ' pass word ');
    });
    await act(async () => result.current.onSubmit());
    expect(send).toHaveBeenCalledWith({ email: 'owner@example.test', password: ' pass word ' });
  });

  it("puts the API's refusal above the form", async () => {
    const send = jest.fn(() =>
      Promise.reject(new ApiError(401, 'Invalid email or password', { code: 'UNAUTHORIZED' })),
    );
    const { result } = renderHook(() => useCredentialsForm(send));
    act(() => {
      result.current.form.setValue('email', 'owner@example.test');
      result.current.form.setValue('password', 'wrong password');
    });
    await act(async () => result.current.onSubmit());
    expect(result.current.rootError).toBe('Invalid email or password');
  });
});
