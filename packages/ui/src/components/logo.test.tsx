import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo, monogramOf } from './logo.tsx';

describe('monogramOf', () => {
  it('takes the capitals of a single camel-case word', () => {
    expect(monogramOf('KeyVault')).toBe('KV');
  });

  it('takes the first letters of the first two words', () => {
    expect(monogramOf('digital goods store')).toBe('DG');
  });

  it('takes one letter of a single plain word and copes with an empty name', () => {
    expect(monogramOf('acme')).toBe('A');
    expect(monogramOf('  ')).toBe('?');
  });
});

describe('Logo', () => {
  it('shows the uploaded image with its size set', () => {
    render(<Logo src="https://cdn.example.com/logo.png" name="Acme" size={40} />);

    const image = screen.getByRole('img', { name: 'Acme logo' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('width')).toBe('40');
    expect(image.getAttribute('height')).toBe('40');
  });

  it('shows the monogram placeholder when there is no logo', () => {
    render(<Logo src={null} name="KeyVault" />);

    expect(screen.getByRole('img', { name: 'KeyVault logo' }).textContent).toBe('KV');
  });

  it('falls back to the monogram when the image fails to load', () => {
    render(<Logo src="https://cdn.example.com/missing.png" name="Acme" />);

    fireEvent.error(screen.getByRole('img', { name: 'Acme logo' }));

    expect(screen.getByRole('img', { name: 'Acme logo' }).textContent).toBe('A');
  });
});
