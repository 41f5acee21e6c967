import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LicenseLimits } from '@latchkey/contracts';
import { useForm } from 'react-hook-form';
import { LevelField, MaxDevicesField } from './license-fields';

interface Values {
  level: number;
  maxDevices: number;
}

function KeyForm({ onValid, max, hint }: { onValid: (values: Values) => void; max?: number; hint?: string }) {
  const form = useForm<Values>({ defaultValues: { level: 1, maxDevices: 1 } });
  return (
    <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
      <LevelField form={form} />
      <MaxDevicesField form={form} {...(max === undefined ? {} : { max })} hint={hint} />
      <button type="submit">Go</button>
    </form>
  );
}

describe('LevelField and MaxDevicesField', () => {
  it("are number inputs in the API's ranges", () => {
    render(<KeyForm onValid={() => undefined} />);
    const level = screen.getByLabelText('Level') as HTMLInputElement;
    const devices = screen.getByLabelText('Max devices') as HTMLInputElement;
    expect([level.min, level.max]).toEqual([String(LicenseLimits.levelMin), String(LicenseLimits.levelMax)]);
    expect([devices.min, devices.max]).toEqual([
      String(LicenseLimits.maxDevicesMin),
      String(LicenseLimits.maxDevicesMax),
    ]);
  });

  it('send numbers, and refuse a device count over a narrower max with its hint shown', async () => {
    const onValid = jest.fn();
    render(<KeyForm onValid={onValid} max={3} hint="Up to 3: your limit." />);
    expect(screen.getByText('Up to 3: your limit.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Max devices'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('maxDevices must be an integer between 1 and 3')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Max devices'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ level: 4, maxDevices: 2 });
  });
});
