import { describe, expect, it, jest } from '@jest/globals';
import { TotpCodeRequest } from '@latchkey/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { shapeResolver } from '@/lib/shape-resolver';
import { enterCode, OneTimeCodeField } from './one-time-code-field';

function CodeForm({ recovery = false, onValid }: { recovery?: boolean; onValid: (values: { code: string }) => void }) {
  const form = useForm<{ code: string }>({
    resolver: shapeResolver<{ code: string }>(TotpCodeRequest, { code: enterCode(recovery) }),
    defaultValues: { code: '' },
  });
  return (
    <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
      <OneTimeCodeField form={form} name="code" recovery={recovery} />
      <button type="submit">Verify</button>
    </form>
  );
}

describe('OneTimeCodeField', () => {
  it("asks for the app's code on a numeric keypad, offered to password managers as a one-time code", async () => {
    const onValid = jest.fn();
    render(<CodeForm onValid={onValid} />);
    const input = screen.getByLabelText('Code from the app') as HTMLInputElement;
    expect([input.autocomplete, input.inputMode, input.getAttribute('spellcheck')]).toEqual([
      'one-time-code',
      'numeric',
      'false',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code your app shows')).toBeTruthy();
    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ code: '123 456' });
  });

  it('takes a recovery code as text', async () => {
    render(<CodeForm recovery onValid={() => undefined} />);
    const input = screen.getByLabelText('Recovery code') as HTMLInputElement;
    expect([input.autocomplete, input.inputMode]).toEqual(['one-time-code', 'text']);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter a recovery code')).toBeTruthy();
  });
});
