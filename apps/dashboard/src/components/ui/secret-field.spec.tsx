import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SecretField, SecretNotice } from './secret-field';

const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
afterEach(() => {
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
  else delete (navigator as { clipboard?: unknown }).clipboard;
});

function withClipboard(writeText: ((text: string) => Promise<void>) | null) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
}

describe('SecretField', () => {
  it('is a labelled read-only field with a copy button that copies the secret', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    withClipboard(writeText);
    render(<SecretField label="Signing secret" value="whsec_1" />);
    const input = screen.getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement;
    expect([input.readOnly, input.value]).toEqual([true, 'whsec_1']);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('whsec_1'));
  });
});

describe('SecretNotice', () => {
  it('warns once, says when the secret was copied, and shows its children', async () => {
    withClipboard(async () => undefined);
    render(
      <SecretNotice
        title="Token ci"
        what="token"
        label="Personal access token"
        copiedStatus="Token copied."
        secret="lk_pat_1"
      >
        <button type="button">I have copied it</button>
      </SecretNotice>,
    );
    expect(screen.getByRole('region', { name: 'Token ci' })).toBeTruthy();
    expect(screen.getByText(/Copy this token now/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Personal access token' }) as HTMLInputElement).value).toBe('lk_pat_1');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('status')).textContent).toBe('Token copied.');
    expect(screen.getByRole('button', { name: 'I have copied it' })).toBeTruthy();
  });

  it('selects the secret and says how to copy it when the clipboard cannot be used', async () => {
    withClipboard(null);
    render(
      <SecretNotice title="API key for Nova" what="key" label="API key" copiedStatus="API key copied." secret="lk_1">
        {null}
      </SecretNotice>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Press Ctrl+C (⌘C) to copy the selected key.'),
    );
    const input = screen.getByRole('textbox', { name: 'API key' }) as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 4]);
  });
});
