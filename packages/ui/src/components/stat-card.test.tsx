import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCard, StatFigure, StatGrid } from './stat-card.tsx';

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

  it('groups each name and figure in a div directly inside the list, as HTML allows (axe: dlitem, definition-list)', () => {
    const { container } = render(
      <StatGrid>
        <StatCard label="Total orders" value="1,530" icon={<svg />} />
        <StatCard label="Total users" value="87" />
      </StatGrid>,
    );
    const list = container.querySelector('dl');
    const groups = [...(list?.children ?? [])];
    expect(groups.map((group) => group.tagName)).toEqual(['DIV', 'DIV']);
    for (const group of groups) expect([...group.children].map((child) => child.tagName)).toEqual(['DT', 'DD']);
    // The icon is decoration inside the name, not read out.
    expect(screen.getAllByRole('term')[0]).toHaveTextContent(/^Total orders$/);
    expect(screen.getAllByRole('term')[0]?.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  });

  it('shows a large figure shortened, with the exact one on hover and for screen readers', () => {
    render(
      <StatGrid>
        <StatCard label="Total revenue" value={<StatFigure value={135_119} kind="usd" />} />
        <StatCard label="MRR" value={<StatFigure value={999.99} kind="usd" />} />
      </StatGrid>,
    );
    const [revenue, mrr] = screen.getAllByRole('definition');
    expect(revenue!.querySelector('[aria-hidden="true"]')).toHaveTextContent('$135.1K');
    expect(revenue!.querySelector('[title]')).toHaveAttribute('title', '$135,119.00');
    expect(revenue!.textContent?.replace('$135.1K', '')).toBe('$135,119.00');
    expect(mrr).toHaveTextContent(/^\$999\.99$/);
    expect(mrr!.querySelector('[title]')).toBeNull();
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
