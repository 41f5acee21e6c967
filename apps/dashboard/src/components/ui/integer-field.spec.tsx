import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import type { NumberRule } from '@/lib/validation';
import { IntegerField } from './integer-field';

interface Values {
  days: number;
}

function DaysForm({
  days,
  onValid,
  ...field
}: {
  days: number;
  onValid: (values: Values) => void;
  optional?: boolean;
  message?: string;
  validate?: NumberRule;
}) {
  const form = useForm<Values>({ defaultValues: { days } });
  return (
    <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
      <IntegerField form={form} name="days" label="Days" hint="1 to 30" min={1} max={30} {...field} />
      <button type="submit">Go</button>
    </form>
  );
}

function submitWith(text: string) {
  fireEvent.change(screen.getByLabelText('Days'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
}

describe('IntegerField', () => {
  it('is a labelled number input with its range and hint', () => {
    render(<DaysForm days={5} onValid={() => undefined} />);
    const input = screen.getByLabelText('Days') as HTMLInputElement;
    expect([input.type, input.inputMode, input.min, input.max, input.value]).toEqual([
      'number',
      'numeric',
      '1',
      '30',
      '5',
    ]);
    expect(screen.getByText('1 to 30').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('hands the form a number', async () => {
    const onValid = jest.fn();
    render(<DaysForm days={5} onValid={onValid} />);
    submitWith('12');
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ days: 12 });
  });

  it("refuses a value out of range or empty in the API's words, marked on the input", async () => {
    const onValid = jest.fn();
    render(<DaysForm days={5} onValid={onValid} />);
    submitWith('31');
    await screen.findByText('days must be an integer between 1 and 30');
    expect(screen.getByLabelText('Days').getAttribute('aria-invalid')).toBe('true');
    submitWith('');
    await screen.findByText('days must be an integer between 1 and 30');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('when optional, lets an empty input through as NaN and words a refusal as told', async () => {
    const onValid = jest.fn();
    render(<DaysForm days={NaN} onValid={onValid} optional message="days must be blank or 1-30" />);
    expect((screen.getByLabelText('Days') as HTMLInputElement).value).toBe('');
    submitWith('0');
    await screen.findByText('days must be blank or 1-30');
    submitWith('');
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]![0]).toEqual({ days: NaN });
  });

  it('takes a rule of its own in place of the range', async () => {
    const onValid = jest.fn();
    render(<DaysForm days={5} onValid={onValid} validate={(value) => value !== 7 || 'not 7'} />);
    submitWith('7');
    await screen.findByText('not 7');
    submitWith('99');
    await waitFor(() => expect(onValid).toHaveBeenCalled());
  });
});
