import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge.tsx';

describe('StatusBadge', () => {
  it.each([
    ['paid', 'Paid', 'green'],
    ['completed', 'Completed', 'green'],
    ['confirmed', 'Confirmed', 'blue'],
    ['pending', 'Pending', 'yellow'],
    ['rejected', 'Rejected', 'orange'],
    ['failed', 'Failed', 'red'],
    ['refunded', 'Refunded', 'gray'],
  ])('shows %s as "%s" in %s', (status, label, tone) => {
    render(<StatusBadge status={status} />);

    expect(screen.getByText(label).dataset.tone).toBe(tone);
  });

  it('shows any other status in grey with its own text', () => {
    render(<StatusBadge status="on_hold" />);

    expect(screen.getByText('on_hold').dataset.tone).toBe('gray');
  });
});
