import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { CheckboxField, SelectField, TextAreaField, TextField } from './form-fields';

describe('form fields', () => {
  it('tie each control to its label, hint and error', () => {
    render(
      <>
        <TextField label="Name" hint="Shown to users" error="name is required" />
        <TextAreaField label="Note" hint="Optional" />
        <SelectField label="Type" options={[{ value: 'ip', label: 'IP' }]} error="Pick one" />
        <CheckboxField label="Enabled" hint="Off refuses every request" />
      </>,
    );
    const described = (label: string) => {
      const control = screen.getByLabelText(label);
      const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
      return {
        invalid: control.getAttribute('aria-invalid'),
        notes: ids.map((id) => document.getElementById(id)?.textContent),
      };
    };
    expect(described('Name')).toEqual({ invalid: 'true', notes: ['Shown to users', 'name is required'] });
    expect(described('Note')).toEqual({ invalid: null, notes: ['Optional'] });
    expect(described('Type')).toEqual({ invalid: 'true', notes: ['Pick one'] });
    expect(described('Enabled')).toEqual({ invalid: null, notes: ['Off refuses every request'] });
    expect((screen.getByLabelText('Enabled') as HTMLInputElement).type).toBe('checkbox');
  });

  it('describe nothing when there is neither hint nor error', () => {
    render(<TextField label="Plain" />);
    expect(screen.getByLabelText('Plain').hasAttribute('aria-describedby')).toBe(false);
  });
});
