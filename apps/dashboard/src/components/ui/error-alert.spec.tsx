import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { ErrorAlert, FormError } from './error-alert';

describe('ErrorAlert', () => {
  it("shows the API's message, then its other problems", () => {
    const error = new ApiError(400, 'name must be a string', {
      code: 'VALIDATION',
      errors: ['name must be a string', 'version must be 1-32 characters'],
    });
    render(<ErrorAlert error={error} title="Could not save" />);
    const alert = screen.getByRole('alert');
    expect([...alert.querySelectorAll('p, li')].map((node) => node.textContent)).toEqual([
      'Could not save',
      'name must be a string',
      'version must be 1-32 characters',
    ]);
  });

  it('shows nothing without an error, and any error by its message', () => {
    const { container } = render(<ErrorAlert error={null} />);
    expect(container.textContent).toBe('');
    render(<ErrorAlert error={new Error('')} />);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.');
  });
});

describe('FormError', () => {
  it("shows the form's root error as an alert, and nothing without one", () => {
    const { container, rerender } = render(<FormError message={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<FormError message="Too many requests" />);
    expect(screen.getByRole('alert').textContent).toBe('Too many requests');
  });
});
