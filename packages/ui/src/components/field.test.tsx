import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Checkbox, PasswordField, SelectField, TextField } from './field.tsx';

describe('form fields', () => {
  it('labels the input and ties the error message to it', () => {
    render(<TextField label="Email" name="email" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="City" name="city" />);
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows and hides the password with a named toggle', () => {
    render(<PasswordField label="Password" name="password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('renders the options of a select under its label', () => {
    render(
      <SelectField
        label="Category"
        defaultValue="b"
        options={[
          { value: 'a', label: 'First' },
          { value: 'b', label: 'Second' },
        ]}
      />,
    );
    expect(screen.getByLabelText('Category')).toHaveValue('b');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['First', 'Second']);
  });

  it('toggles a checkbox by clicking its label text', () => {
    render(<Checkbox label="I agree" />);
    fireEvent.click(screen.getByText('I agree'));
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeChecked();
  });
});
