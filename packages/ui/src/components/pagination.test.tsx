import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageCount } from './pagination.tsx';

describe('Pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(100, 100)).toBe(1);
    expect(pageCount(101, 100)).toBe(2);
  });

  it('shows nothing when everything fits on one page', () => {
    const { container } = render(<Pagination page={1} pageSize={100} total={100} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says which rows are shown and moves between pages, disabled at the ends', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pageSize={100} total={250} onPageChange={onPageChange} labels={{ navigation: 'Orders pages' }} />);

    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toHaveTextContent('Showing 1–100 of 250');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);

    rerender(<Pagination page={3} pageSize={100} total={250} onPageChange={onPageChange} />);
    expect(screen.getByText('Showing 201–250 of 250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('speaks another language through its labels', () => {
    render(
      <Pagination
        page={2}
        pageSize={100}
        total={150}
        onPageChange={() => {}}
        labels={{ previous: 'Prethodna', next: 'Sledeća', summary: (from, to, total) => `Prikazano ${from}–${to} od ${total}` }}
      />,
    );
    expect(screen.getByText('Prikazano 101–150 od 150')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prethodna' })).toBeEnabled();
  });
});
