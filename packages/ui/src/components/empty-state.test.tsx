import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('names what failed and tries again on request', async () => {
    const retry = vi.fn();
    render(<EmptyState kind="failed" title="Products could not be loaded" hint="Check your connection." onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Products could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Check your connection.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry when nothing failed, and shows the given action', () => {
    render(<EmptyState kind="empty" title="No results found" headingLevel={3} action={<button type="button">Clear filters</button>} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No results found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});
