import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCard, StatGrid } from './stat-card.tsx';

describe('StatCard', () => {
  it('pairs each figure with its name in a description list', () => {
    render(
      <StatGrid>
        <StatCard label="Total orders" value="1,530" />
      </StatGrid>,
    );
    expect(screen.getByRole('term')).toHaveTextContent('Total orders');
    expect(screen.getByRole('definition')).toHaveTextContent('1,530');
  });

  it('shows a skeleton and says it is loading until the figure arrives', () => {
    const { container } = render(
      <StatGrid>
        <StatCard label="Total orders" value="1,530" loading loadingLabel="Učitavanje" />
      </StatGrid>,
    );
    expect(screen.getByRole('definition')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('definition')).toHaveTextContent('Učitavanje');
    expect(screen.queryByText('1,530')).not.toBeInTheDocument();
    expect(container.querySelector('[data-skeleton]')).not.toBeNull();
  });

  it('stands out in the warning tone, and not by default', () => {
    render(
      <StatGrid>
        <StatCard label="Total orders" value="1,530" />
        <StatCard label="Open disputes" value="2" tone="warning" />
      </StatGrid>,
    );
    expect(screen.getByText('Total orders').parentElement?.parentElement).toHaveAttribute('data-tone', 'default');
    expect(screen.getByText('Open disputes').parentElement?.parentElement).toHaveAttribute('data-tone', 'warning');
  });
});
