import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, IconButton } from './button.tsx';
import { MenuIcon } from './icons.tsx';

describe('Button', () => {
  it('is a plain button unless told to submit', () => {
    render(<Button>Save</Button>);

    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('button');
  });

  it('is disabled and busy while loading, keeping its label', () => {
    render(<Button loading>Save Changes</Button>);
    const button = screen.getByRole('button', { name: 'Save Changes' });

    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('IconButton', () => {
  it('takes its accessible name from the label', () => {
    render(<IconButton label="Open menu" icon={<MenuIcon />} />);

    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});
