import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { TextField } from './text-field.tsx';

// The three labelled controls share one frame (field-frame.tsx): each must be found by its
// label, and announce its hint and its error, whichever control it is.
const controls = {
  TextField: (props: { hint?: string; error?: string }) => <TextField label="Price" {...props} />,
  SelectField: (props: { hint?: string; error?: string }) => (
    <SelectField label="Price" {...props}>
      <option value="">Any</option>
    </SelectField>
  ),
  TextAreaField: (props: { hint?: string; error?: string }) => (
    <TextAreaField label="Price" {...props} />
  ),
};

describe.each(Object.entries(controls))('%s', (_name, Control) => {
  it('is named by its label and describes itself by its hint and its error', () => {
    render(<Control hint="In taka" error="Too low" />);
    const control = screen.getByLabelText('Price');
    expect(control).toHaveAccessibleDescription('In taka Too low');
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveClass('border-red-700');
  });

  it('without a hint or an error, is described by nothing and not marked invalid', () => {
    render(<Control />);
    const control = screen.getByLabelText('Price');
    expect(control).not.toHaveAttribute('aria-describedby');
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control).toHaveClass('border-slate-400');
    expect(screen.queryByText('Too low')).toBeNull();
  });
});
