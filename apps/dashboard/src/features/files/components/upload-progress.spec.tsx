import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import type { UploadProgress } from '@/lib/upload-request';
import { FileInputField, UploadProgressBar, useUploadProgress } from './upload-progress';

describe('useUploadProgress', () => {
  it('shows 0% of the file at once, follows the upload, and clears when it ends', async () => {
    const { result } = renderHook(() => useUploadProgress());
    let report: (progress: UploadProgress) => void = () => undefined;
    let finish: (value: string) => void = () => undefined;
    let tracked: Promise<string> = Promise.resolve('');
    act(() => {
      tracked = result.current.track(new File(['abcd'], 'a.bin'), (onProgress) => {
        report = onProgress;
        return new Promise<string>((resolve) => (finish = resolve));
      });
    });
    expect(result.current.progress).toEqual({ loaded: 0, total: 4 });
    act(() => report({ loaded: 2, total: 4 }));
    expect(result.current.progress).toEqual({ loaded: 2, total: 4 });
    await act(async () => {
      finish('done');
      await expect(tracked).resolves.toBe('done');
    });
    expect(result.current.progress).toBeNull();
  });

  it('clears the progress when the upload fails too', async () => {
    const { result } = renderHook(() => useUploadProgress());
    await act(async () => {
      await expect(
        result.current.track(new File(['x'], 'x'), () => Promise.reject(new Error('too big'))),
      ).rejects.toThrow('too big');
    });
    expect(result.current.progress).toBeNull();
  });
});

describe('UploadProgressBar', () => {
  it('shows the percentage uploaded, and nothing when idle', () => {
    const { rerender, container } = render(<UploadProgressBar progress={null} />);
    expect(container.textContent).toBe('');
    rerender(<UploadProgressBar progress={{ loaded: 1, total: 4 }} />);
    expect(screen.getByLabelText('Upload progress').getAttribute('value')).toBe('25');
  });
});

describe('FileInputField', () => {
  function UploadForm({ onValid }: { onValid: (values: { file: FileList }) => void }) {
    const form = useForm<{ file: FileList }>();
    return (
      <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
        <FileInputField form={form} label="New content" />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('is a labelled file input that refuses to send without a file', async () => {
    const onValid = jest.fn();
    render(<UploadForm onValid={onValid} />);
    expect((screen.getByLabelText('New content') as HTMLInputElement).type).toBe('file');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a file to upload')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('New content'), { target: { files: [new File(['x'], 'x.txt')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
  });
});
