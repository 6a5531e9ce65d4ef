import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field.tsx';

describe('search field', () => {
  it('is a labelled search box that reports what is typed', async () => {
    const onChange = vi.fn();
    render(<SearchField label="Search products" hint="Title or description" value="" onChange={(event) => onChange(event.target.value)} />);

    const box = screen.getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveAccessibleDescription('Title or description');
    await userEvent.type(box, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });
});
